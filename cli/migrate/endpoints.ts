import type { ManifestResourceOf } from "../../provider/manifest/document";
import type {
  EndpointCpuInputs,
  EndpointGpuInputs,
  QueueDelayScalingInputs,
  RequestCountScalingInputs,
} from "../../provider/resources/serverlessEndpoint/inputs";
import { atLeast, vcpuCountFor } from "./bounds";
import { computeFamily, cudaVersionEntry } from "./compute";
import { readEnv } from "./env";
import type { V1Fields } from "./fields";
import type { ConversionContext, V1Kind } from "./kind";

/** Settings of a v1 GPU endpoint, which v1 ignored on a CPU endpoint. */
const GPU_ENDPOINT_FIELDS = ["gpuTypeIds", "gpuCount", "allowedCudaVersions", "minCudaVersion"];
/** Settings of a v1 CPU endpoint, which v1 ignored on a GPU endpoint. */
const CPU_ENDPOINT_FIELDS = ["cpuFlavorIds", "vcpuCount", "instanceIds"];

/** What v1 gave an endpoint whose create body left these out, where v2 has another default or none. */
const V1_ENDPOINT_DEFAULTS = { scalerType: "QUEUE_DELAY", scalerValue: 4, idleTimeout: 5, vcpuCount: 2 } as const;

/** A v1 CPU endpoint response lists its configurations as `<flavor>-<vCPUs>-<GB>`, e.g. `cpu3c-8-16`. */
const INSTANCE_ID = /^(.+)-(\d+)-(\d+)$/;

type Scaling = QueueDelayScalingInputs | RequestCountScalingInputs;

/**
 * v1 serverless endpoints (`/endpoints`) as `ServerlessEndpoint` resources of type QUEUE, the only kind v1 had.
 * `workersMin`/`workersMax`/`idleTimeout` become `workers`, `scalerType`/`scalerValue` become `scaling`, GPU types
 * become the serverless pools holding them (with the pools' other types excluded), CPU flavors one `cpu` entry
 * each, `executionTimeoutMs` → `timeout`, `flashboot` true/false → `FLASHBOOT`/`OFF`, `networkVolumeId(s)` →
 * `networkVolumes`.
 */
export const endpoints: V1Kind<ManifestResourceOf<"ServerlessEndpoint">> = {
  word: "endpoint",
  noun: "endpoint",
  plural: "endpoints",
  groupNames: ["endpoint", "endpoints", "serverless"],
  fields: [
    "id",
    "name",
    "templateId",
    "computeType",
    "gpuTypeIds",
    "gpuCount",
    "allowedCudaVersions",
    "minCudaVersion",
    "cpuFlavorIds",
    "vcpuCount",
    "instanceIds",
    "env",
    "workersMin",
    "workersMax",
    "idleTimeout",
    "scalerType",
    "scalerValue",
    "executionTimeoutMs",
    "flashboot",
    "dataCenterIds",
    "networkVolumeId",
    "networkVolumeIds",
  ],
  readOuts: ["createdAt", "template", "userId", "version", "workers"],
  convert(fields, context) {
    const templateId = fields.string("templateId");
    const family = computeFamily(fields, ["cpuFlavorIds", "instanceIds"], ["gpuTypeIds"]);
    const gpu = family === "GPU" ? readGpu(fields, context) : undefined;
    const cpu = family === "CPU" ? readCpu(fields, context) : undefined;
    fields.dropInapplicable(
      family === "GPU" ? CPU_ENDPOINT_FIELDS : GPU_ENDPOINT_FIELDS,
      `applies only to ${family === "GPU" ? "CPU" : "GPU"} endpoints`,
    );
    const scaling = readScaling(fields, context);
    const workers = {
      min: fields.integer("workersMin"),
      max: fields.integer("workersMax"),
      idleTimeout: readIdleTimeout(fields, scaling, context),
    };
    const flashboot = fields.boolean("flashboot");
    const networkVolumes = [...new Set([fields.string("networkVolumeId"), ...(fields.stringList("networkVolumeIds") ?? [])])]
      .filter((id) => id !== undefined)
      .map((id) => context.reference("volume", id));
    const dataCenterIds = fields.stringList("dataCenterIds");
    return {
      type: "ServerlessEndpoint",
      properties: {
        name: context.displayName,
        type: "QUEUE",
        templateId: templateId === undefined ? undefined : context.reference("template", templateId),
        image:
          templateId === undefined
            ? context.fromConfig("image", {
                reason: "v1 names no template, so v2 needs an image",
                placeholder: "<image reference>",
                secret: false,
              })
            : undefined,
        env: readEnv(fields, context),
        gpu,
        cpu,
        workers: Object.values(workers).some((value) => value !== undefined) ? workers : undefined,
        scaling,
        dataCenterIds: dataCenterIds?.length ? dataCenterIds : undefined,
        networkVolumes: networkVolumes.length > 0 ? networkVolumes : undefined,
        timeout: atLeast(fields.integer("executionTimeoutMs"), 1, { field: "executionTimeoutMs", target: "timeout" }, context.warn),
        flashboot: flashboot === undefined ? undefined : flashboot ? "FLASHBOOT" : "OFF",
        adopt: context.id,
      },
    };
  },
};

/**
 * v1 GPU types as v2 serverless pools: the pools holding the listed types, minus the pools' types v1 did not list.
 * A type in no known pool is dropped with a warning; with no pool known at all, the pool comes from stack config.
 */
function readGpu(fields: V1Fields, context: ConversionContext): EndpointGpuInputs {
  const types = fields.stringList("gpuTypeIds") ?? [];
  const { gpuPools } = context.catalog;
  const pools = [...new Set(types.flatMap((type) => gpuPools[type] ?? []))];
  if (pools.length === 0) {
    const listed = types.map((type) => `"${type}"`).join(", ");
    pools.push(
      context.fromConfig("gpuPool", {
        reason:
          types.length > 0 ? `no serverless pool is known here for ${listed}` : "v1 names no GPU type, and v2 needs a serverless pool",
        placeholder: "<pool id from GET /v2/catalog/gpus>",
        secret: false,
      }),
    );
  } else {
    for (const type of types.filter((type) => gpuPools[type] === undefined)) {
      context.warn(`"gpuTypeIds" entry "${type}" is in no serverless pool known here; dropped`);
    }
  }
  const excludedTypes = Object.keys(gpuPools).filter((type) => pools.includes(gpuPools[type] ?? "") && !types.includes(type));
  const allowedCudaVersions = fields.stringList("allowedCudaVersions", cudaVersionEntry);
  return {
    pools,
    excludedTypes: excludedTypes.length > 0 ? excludedTypes : undefined,
    count: atLeast(fields.integer("gpuCount") ?? 1, 1, { field: "gpuCount", target: "gpu.count" }, context.warn),
    allowedCudaVersions: allowedCudaVersions?.length ? allowedCudaVersions : undefined,
    minCudaVersion: readMinCudaVersion(fields, Boolean(allowedCudaVersions?.length), context),
  };
}

function readMinCudaVersion(fields: V1Fields, hasAllowedVersions: boolean, context: ConversionContext): string | undefined {
  const version = fields.string("minCudaVersion");
  if (version === undefined) return undefined;
  if (!cudaVersionEntry.isValid(version)) {
    context.warn(`"minCudaVersion" "${version}" is not ${cudaVersionEntry.expected}; dropped`);
    return undefined;
  }
  if (hasAllowedVersions) {
    context.warn(`"minCudaVersion" cannot be combined with allowedCudaVersions in v2; dropped`);
    return undefined;
  }
  return version;
}

/**
 * v1 CPU flavors as v2 CPU configurations: each of `cpuFlavorIds` with `vcpuCount`, or, in a response without
 * them, each of `instanceIds`. With neither, the flavor comes from stack config.
 */
function readCpu(fields: V1Fields, context: ConversionContext): EndpointCpuInputs[] {
  const vcpuCount = vcpuCountFor(
    fields.integer("vcpuCount") ?? V1_ENDPOINT_DEFAULTS.vcpuCount,
    { field: "vcpuCount", target: "cpu[].vcpuCount" },
    context.warn,
  );
  const flavors = fields.stringList("cpuFlavorIds") ?? [];
  const instances = fields.stringList("instanceIds", {
    isValid: (entry) => INSTANCE_ID.test(entry),
    expected: "<flavor>-<vCPUs>-<GB>",
  });
  const configurations: EndpointCpuInputs[] =
    flavors.length > 0
      ? flavors.map((id) => ({ id, vcpuCount }))
      : (instances ?? []).map((instance) => {
          const [, id = "", vcpus = ""] = INSTANCE_ID.exec(instance) ?? [];
          return { id, vcpuCount: vcpuCountFor(Number(vcpus), { field: "instanceIds", target: "cpu[].vcpuCount" }, context.warn) };
        });
  const distinct = configurations.filter(
    (configuration, index) =>
      configurations.findIndex((other) => other.id === configuration.id && other.vcpuCount === configuration.vcpuCount) === index,
  );
  if (distinct.length > 0) return distinct;
  const id = context.fromConfig("cpuFlavor", {
    reason: "v1 names no CPU flavor, which v2 requires",
    placeholder: "<CPU flavor id>",
    secret: false,
  });
  return [{ id, vcpuCount }];
}

function readScaling(fields: V1Fields, context: ConversionContext): Scaling {
  const type = fields.oneOf("scalerType", ["QUEUE_DELAY", "REQUEST_COUNT"] as const) ?? V1_ENDPOINT_DEFAULTS.scalerType;
  const value = fields.integer("scalerValue") ?? V1_ENDPOINT_DEFAULTS.scalerValue;
  return type === "QUEUE_DELAY"
    ? { type, queueDelay: atLeast(value, 0.5, { field: "scalerValue", target: "scaling.queueDelay" }, context.warn) }
    : { type, requestCount: atLeast(value, 1, { field: "scalerValue", target: "scaling.requestCount" }, context.warn) };
}

/** v2 refuses an idle timeout on a queue endpoint that scales on REQUEST_COUNT. */
function readIdleTimeout(fields: V1Fields, scaling: Scaling, context: ConversionContext): number | undefined {
  const given = fields.integer("idleTimeout");
  if (scaling.type === "REQUEST_COUNT") {
    if (given !== undefined) context.warn(`"idleTimeout" does not apply to a queue endpoint scaling on REQUEST_COUNT in v2; dropped`);
    return undefined;
  }
  return given ?? (context.id === undefined ? V1_ENDPOINT_DEFAULTS.idleTimeout : undefined);
}
