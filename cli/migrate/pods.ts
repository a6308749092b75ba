import type { ManifestResourceOf } from "../../provider/manifest/document";
import {
  type CpuConfigInputs,
  desiredStatuses,
  type GpuConfigInputs,
  injectedEnvKeys,
  type MountsInputs,
} from "../../provider/resources/pod/inputs";
import { clouds } from "../../provider/wire/catalog";
import { atLeast, vcpuCountFor } from "./bounds";
import { computeFamily, cudaVersionEntry, firstChoice } from "./compute";
import { type ContainerSettings, persistentMount, readContainer } from "./container";
import type { V1Fields } from "./fields";
import type { ConversionContext, V1Kind } from "./kind";

/** Settings of a v1 GPU pod, which v1 ignored on a CPU pod. */
const GPU_POD_FIELDS = ["gpuTypeIds", "gpuCount", "gpuTypePriority", "allowedCudaVersions", "minRAMPerGPU", "minVCPUPerGPU", "gpu"];
/** Settings of a v1 CPU pod, which v1 ignored on a GPU pod. */
const CPU_POD_FIELDS = ["cpuFlavorIds", "cpuFlavorPriority", "cpuFlavorId", "vcpuCount"];

/** The RAM per vCPU assumed for a CPU flavor the catalog does not know: the least any flavor gives. */
const FALLBACK_RAM_GB_PER_VCPU = 2;

/**
 * v1 pods (`/pods`) as `Pod` resources. The flat v1 compute fields become `gpu` {id, count, allowedCudaVersions}
 * or `cpu` {id, vcpuCount, memory}; `volumeInGb`/`volumeMountPath` a persistent mount, or with `networkVolumeId` a
 * network mount; `cloudType` → `cloud`. A pod that is a serverless worker, or is TERMINATED, is skipped. The env
 * keys the service injects (PUBLIC_KEY, JUPYTER_PASSWORD) are left out of a pod response's env.
 */
export const pods: V1Kind<ManifestResourceOf<"Pod">> = {
  word: "pod",
  noun: "pod",
  plural: "pods",
  groupNames: ["pod", "pods"],
  fields: [
    "id",
    "name",
    "imageName",
    "image",
    "templateId",
    "computeType",
    "cloudType",
    "gpuTypeIds",
    "gpuTypePriority",
    "gpuCount",
    "gpu",
    "allowedCudaVersions",
    "cpuFlavorIds",
    "cpuFlavorPriority",
    "cpuFlavorId",
    "vcpuCount",
    "memoryInGb",
    "containerDiskInGb",
    "containerRegistryAuthId",
    "dockerEntrypoint",
    "dockerStartCmd",
    "env",
    "ports",
    "volumeInGb",
    "volumeMountPath",
    "volumeEncrypted",
    "networkVolumeId",
    "networkVolume",
    "dataCenterIds",
    "dataCenterPriority",
    "countryCodes",
    "globalNetworking",
    "interruptible",
    "locked",
    "supportPublicIp",
    "minDiskBandwidthMBps",
    "minDownloadMbps",
    "minUploadMbps",
    "minRAMPerGPU",
    "minVCPUPerGPU",
    "desiredStatus",
  ],
  readOuts: [
    "adjustedCostPerHr",
    "costPerHr",
    "consumerUserId",
    "endpointId",
    "aiApiId",
    "slsVersion",
    "lastStartedAt",
    "lastStatusChange",
    "machine",
    "machineId",
    "portMappings",
    "publicIp",
    "savingsPlans",
  ],
  defaultName: "my pod",
  skipReason(fields) {
    const endpoint = fields.string("endpointId") ?? fields.string("aiApiId");
    if (endpoint !== undefined) return `is a worker of serverless endpoint "${endpoint}", which manages it; skipped`;
    if (fields.string("desiredStatus") === "TERMINATED") return "is TERMINATED; skipped";
    return undefined;
  },
  convert(fields, context) {
    const templateId = fields.string("templateId");
    const v1Defaults = context.id === undefined && templateId === undefined;
    // v2 keeps the keys the service injected on the pod it adopts, so they are not the user's to declare.
    const serviceEnvKeys = context.id === undefined ? [] : injectedEnvKeys;
    const container = readContainer(fields, context, { v1Defaults, serviceEnvKeys });
    const family = computeFamily(fields, ["cpuFlavorIds", "cpuFlavorId"], ["gpuTypeIds", "gpu"]);
    const gpu = family === "GPU" ? readGpu(fields, context) : undefined;
    const cpu = family === "CPU" ? readCpu(fields, context) : undefined;
    if (family === "GPU") {
      // A GPU pod's response reports the vCPUs and RAM of its machine; they are not settings.
      if (context.id !== undefined) fields.ignore("vcpuCount", "memoryInGb");
      fields.dropInapplicable(CPU_POD_FIELDS, "applies only to CPU pods");
    } else {
      fields.dropInapplicable(GPU_POD_FIELDS, "applies only to GPU pods");
    }
    return {
      type: "Pod",
      properties: {
        name: context.displayName,
        image:
          container.image ??
          (templateId === undefined
            ? context.fromConfig("image", {
                reason: "v1 names neither an image nor a template, and v2 requires one",
                placeholder: "<image reference>",
                secret: false,
              })
            : undefined),
        templateId: templateId === undefined ? undefined : context.reference("template", templateId),
        gpu,
        cpu,
        mounts: readMounts(fields, container, { family, v1Defaults }, context),
        cloud: fields.oneOf("cloudType", clouds),
        args: container.args,
        disk: container.disk,
        env: container.env,
        ports: container.ports,
        registry: container.registry,
        dataCenterIds: readDataCenterIds(fields, context),
        globalNetworking: fields.boolean("globalNetworking"),
        locked: fields.boolean("locked"),
        desiredStatus: fields.oneOf("desiredStatus", desiredStatuses),
        adopt: context.id,
      },
    };
  },
};

function readGpu(fields: V1Fields, context: ConversionContext): GpuConfigInputs {
  const reported = fields.object("gpu");
  const id =
    firstChoice(fields.stringList("gpuTypeIds"), { field: "gpuTypeIds", target: "gpu.id" }, context.warn) ??
    (typeof reported?.id === "string" ? reported.id : undefined) ??
    context.fromConfig("gpuType", {
      reason: "v1 names no GPU type, which v2 requires",
      placeholder: "<GPU type id>",
      secret: false,
    });
  // gpuTypePriority only orders the fallbacks, which firstChoice reports.
  fields.ignore("gpuTypePriority");
  const count = fields.integer("gpuCount") ?? (Number.isInteger(reported?.count) ? (reported?.count as number) : 1);
  const atLeastOne = atLeast(count, 1, { field: "gpuCount", target: "gpu.count" }, context.warn);
  const allowedCudaVersions = fields.stringList("allowedCudaVersions", cudaVersionEntry);
  return { id, count: atLeastOne, allowedCudaVersions: allowedCudaVersions?.length ? allowedCudaVersions : undefined };
}

function readCpu(fields: V1Fields, context: ConversionContext): CpuConfigInputs {
  const id =
    firstChoice(fields.stringList("cpuFlavorIds"), { field: "cpuFlavorIds", target: "cpu.id" }, context.warn) ??
    fields.string("cpuFlavorId") ??
    context.fromConfig("cpuFlavor", {
      reason: "v1 names no CPU flavor, which v2 requires",
      placeholder: "<CPU flavor id>",
      secret: false,
    });
  // cpuFlavorPriority only orders the fallbacks, which firstChoice reports.
  fields.ignore("cpuFlavorPriority");
  const vcpuCount = vcpuCountFor(fields.integer("vcpuCount") ?? 2, { field: "vcpuCount", target: "cpu.vcpuCount" }, context.warn);
  const reportedMemory = fields.number("memoryInGb");
  return {
    id,
    vcpuCount,
    memory: reportedMemory === undefined ? memoryFor(id, vcpuCount, context) : Math.max(1, Math.floor(reportedMemory)),
  };
}

/** The memory v1 gave a CPU pod: its vCPUs times the flavor's RAM per vCPU. */
function memoryFor(flavor: string, vcpuCount: number, context: ConversionContext): number {
  const perVcpu = context.catalog.ramGbPerVcpu[flavor];
  if (perVcpu !== undefined) return vcpuCount * perVcpu;
  const memory = vcpuCount * FALLBACK_RAM_GB_PER_VCPU;
  context.warn(
    `the RAM per vCPU of CPU flavor "${flavor}" is not known here; cpu.memory is ${memory} (${FALLBACK_RAM_GB_PER_VCPU} GB per vCPU), check it`,
  );
  return memory;
}

function readMounts(
  fields: V1Fields,
  container: ContainerSettings,
  pod: { family: "GPU" | "CPU"; v1Defaults: boolean },
  context: ConversionContext,
): MountsInputs | undefined {
  const attached = fields.object("networkVolume");
  const volumeId = fields.string("networkVolumeId") ?? (typeof attached?.id === "string" ? attached.id : undefined);
  const hasPodVolume = (container.volumeInGb ?? 0) > 0;
  if (volumeId !== undefined) {
    if (hasPodVolume) context.warn(`"volumeInGb" is ignored beside a network volume, as v1 did; dropped`);
    return { network: [{ volumeId: context.reference("volume", volumeId), path: container.volumeMountPath }] };
  }
  if (pod.family === "CPU") {
    if (hasPodVolume) context.warn(`"volumeInGb" is a pod volume, which v2 CPU pods cannot have; dropped (mount a network volume instead)`);
    return undefined;
  }
  const persistent = persistentMount(container, pod.v1Defaults, context);
  return persistent && { persistent };
}

/** v2 tries `dataCenterIds` in the order given, which is v1's `dataCenterPriority: custom`. */
function readDataCenterIds(fields: V1Fields, context: ConversionContext): string[] | undefined {
  const ids = fields.stringList("dataCenterIds");
  const priority = fields.string("dataCenterPriority");
  if (!ids?.length) return undefined;
  if (priority !== undefined && priority !== "custom") {
    context.warn(`"dataCenterPriority" "${priority}" has no v2 equivalent: v2 tries dataCenterIds in the order given; dropped`);
  }
  return ids;
}
