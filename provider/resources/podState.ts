import type * as dynamic from "@pulumi/pulumi/dynamic";
import {
  type CheckedPodInputs,
  type CreatePodRequest,
  injectedEnvKeys,
  type MountsInputs,
  type Pod,
  type UpdatePodRequest,
} from "../schemas/pod";
import { diffResult } from "./lifecycle/diffResult";
import { sameValue } from "./lifecycle/sameValue";
import { UNKNOWN } from "../schemas/unknown";

/** Arguments that the API never returns, so state keeps them beside the pod's own fields. */
type EchoedInputs = Pick<
  CheckedPodInputs,
  "templateId" | "startSsh" | "startJupyter" | "dataCenterIds" | "desiredStatus" | "readyTimeoutSeconds"
> & {
  gpu?: CheckedPodInputs["gpu"];
  /** Env keys the pod took from its template and the program does not set: kept on update, never drift. */
  inheritedEnvKeys?: string[];
};

/**
 * A `Pod` resource's outputs: the v2 Pod plus the echoed arguments. Without `id`, which Pulumi reserves, and
 * without the live metrics in `runtime`, which change by the second and would make every refresh report drift.
 */
export type PodOutputs = Omit<Pod, "id" | "runtime"> & EchoedInputs;

/**
 * What state records for a pod: its live fields, plus the create-only arguments it was made with.
 * `inherited` are the env keys previously recorded as the template's; without it (at create) every env key
 * the program does not set, and the service did not inject, is the template's.
 */
export function podOutputs(pod: Pod, inputs: CheckedPodInputs, inherited?: readonly string[]): PodOutputs {
  const { id: _id, runtime: _metrics, ...live } = pod;
  const outputs: PodOutputs = {
    ...live,
    templateId: inputs.templateId,
    inheritedEnvKeys: inputs.templateId === undefined ? undefined : podInheritedEnvKeys(pod, inputs, inherited),
    startSsh: inputs.startSsh,
    startJupyter: inputs.startJupyter,
    dataCenterIds: inputs.dataCenterIds,
    desiredStatus: inputs.desiredStatus,
    readyTimeoutSeconds: inputs.readyTimeoutSeconds,
  };
  // The create-only CUDA constraints live on `gpu`; keep them so that a later diff can compare them.
  if (live.gpu && inputs.gpu) {
    outputs.gpu = {
      ...live.gpu,
      allowedCudaVersions: inputs.gpu.allowedCudaVersions,
      minCudaVersion: inputs.gpu.minCudaVersion,
    } as PodOutputs["gpu"];
  }
  return outputs;
}

/**
 * The env keys a pod keeps from its template: those it has that the program does not set and the service did
 * not inject, narrowed to `previous` once recorded. None for a pod not made from a template.
 */
export function podInheritedEnvKeys(pod: Pick<Pod, "env">, inputs: CheckedPodInputs, previous?: readonly string[]): string[] {
  if (inputs.templateId === undefined) return [];
  return Object.keys(pod.env).filter(
    (key) => !(key in inputs.env) && !(injectedEnvKeys as readonly string[]).includes(key) && (previous?.includes(key) ?? true),
  );
}

/** The arguments that would produce the live pod, for `read` to hand back after a refresh. */
export function podInputsFromLive(pod: Pod, previous: PodOutputs): CheckedPodInputs {
  const inputs: CheckedPodInputs = {
    name: pod.name,
    image: pod.image,
    cloud: pod.cloud,
    args: pod.args,
    disk: pod.disk,
    env: userEnv(pod.env, {}, previous.inheritedEnvKeys),
    ports: pod.ports,
    registry: pod.registry,
    globalNetworking: pod.globalNetworking.enabled,
    startSsh: previous.startSsh,
    startJupyter: previous.startJupyter,
    locked: pod.locked,
    desiredStatus: pod.status === "RUNNING" || pod.status === "EXITED" ? pod.status : previous.desiredStatus,
    readyTimeoutSeconds: previous.readyTimeoutSeconds,
  };
  if (previous.dataCenterIds) inputs.dataCenterIds = previous.dataCenterIds;
  if (previous.templateId) inputs.templateId = previous.templateId;
  if (pod.gpu) inputs.gpu = { ...previous.gpu, id: pod.gpu.id, count: pod.gpu.count };
  if (pod.cpu) inputs.cpu = { id: pod.cpu.id, vcpuCount: pod.cpu.vcpuCount, memory: pod.cpu.memory };
  if (mountKind(pod.mounts) !== "none") inputs.mounts = pod.mounts as MountsInputs;
  return inputs;
}

/** The body of `POST /v2/pods` for these arguments. */
export function createRequest(inputs: CheckedPodInputs): CreatePodRequest {
  const { adopt: _adopt, readyTimeoutSeconds: _timeout, desiredStatus: _desired, locked: _locked, ...body } = inputs;
  return body;
}

export type MountKind = "none" | "persistent" | "network";

/** Which kind of storage a pod mounts; fixed at create. */
export function mountKind(mounts: MountsInputs | undefined): MountKind {
  if (mounts?.persistent) return "persistent";
  if (mounts?.network && mounts.network.length > 0) return "network";
  return "none";
}

/**
 * The user's env: the live env without the keys the service injected or the template gave, unless the user
 * set them too.
 */
export function userEnv(
  live: Record<string, string>,
  declared: Record<string, string>,
  inherited: readonly string[] = [],
): Record<string, string> {
  const env = { ...live };
  for (const key of [...injectedEnvKeys, ...inherited]) if (!(key in declared)) delete env[key];
  return env;
}

/** Properties whose change the API cannot apply in place. */
export function podReplacements(olds: PodOutputs, news: CheckedPodInputs): string[] {
  const replaces: string[] = [];
  if ((olds.gpu === undefined) !== (news.gpu === undefined) || (olds.cpu === undefined) !== (news.cpu === undefined)) {
    replaces.push(news.gpu ? "gpu" : "cpu");
  } else if (news.gpu && !sameValue(comparableGpu(olds.gpu), comparableGpu(news.gpu))) {
    replaces.push("gpu");
  } else if (news.cpu && !sameValue(olds.cpu, news.cpu)) {
    replaces.push("cpu");
  }
  if (olds.cloud !== news.cloud) replaces.push("cloud");
  if (declaresMounts(news) && mountsNeedReplacement(olds.mounts, news.mounts)) replaces.push("mounts");
  if (news.startSsh !== undefined && olds.startSsh !== news.startSsh) replaces.push("startSsh");
  if (news.startJupyter !== undefined && olds.startJupyter !== news.startJupyter) replaces.push("startJupyter");
  if (news.dataCenterIds !== undefined && !containsValue(news.dataCenterIds, olds.dataCenterId)) replaces.push("dataCenterIds");
  return replaces;
}

/** Properties that change in place. */
export function podUpdates(olds: PodOutputs, news: CheckedPodInputs): string[] {
  const updates: string[] = [];
  // An argument left unset (on a pod made from a template) keeps whatever the pod has.
  const changed = (name: string, before: unknown, after: unknown): void => {
    if (after !== undefined && !sameValue(before, after)) updates.push(name);
  };
  changed("name", olds.name, news.name);
  changed("image", olds.image, news.image);
  changed("args", olds.args, news.args);
  changed("disk", olds.disk, news.disk);
  changed("env", userEnv(olds.env, news.env, olds.inheritedEnvKeys), news.env);
  changed("ports", olds.ports, news.ports);
  changed("registry", olds.registry, news.registry);
  changed("locked", olds.locked, news.locked);
  changed("globalNetworking", olds.globalNetworking.enabled, news.globalNetworking);
  // Another template is applied in place; dropping it leaves the pod's settings and makes env wholly the program's.
  if (olds.templateId !== news.templateId) updates.push("templateId");
  if (declaresMounts(news) && !mountsNeedReplacement(olds.mounts, news.mounts)) {
    changed("mounts", comparableMounts(olds.mounts), comparableMounts(news.mounts));
  }
  changed("desiredStatus", observedPowerState(olds), news.desiredStatus);
  changed("readyTimeoutSeconds", olds.readyTimeoutSeconds, news.readyTimeoutSeconds);
  return updates;
}

/**
 * The power state the pod was last seen in: RUNNING, EXITED or ERROR when it had settled there (a refresh
 * may have seen it stopped, started or failed behind the stack's back), else the state it was heading for.
 */
function observedPowerState(olds: PodOutputs): string {
  return olds.status === "RUNNING" || olds.status === "EXITED" || olds.status === "ERROR" ? olds.status : olds.desiredStatus;
}

/** Whether a listed pod looks like the one `request` creates; used to find a create whose answer was lost. */
export function sameCreateRequest(pod: Pod, request: CreatePodRequest): boolean {
  return (
    pod.name === request.name &&
    (request.image === undefined || pod.image === request.image) &&
    pod.template === (request.templateId ?? null) &&
    pod.cloud === request.cloud &&
    pod.gpu?.id === request.gpu?.id &&
    pod.cpu?.id === request.cpu?.id &&
    (request.mounts === undefined && request.templateId !== undefined
      ? true
      : sameValue(comparableMounts(pod.mounts), comparableMounts(request.mounts)))
  );
}

/**
 * The `diff` of a `Pod`: replacements for what is fixed at create, in-place updates for the rest. On a pod
 * made from a template, the create-only settings the arguments leave out are those the pod got from it.
 */
export function diffPod(olds: PodOutputs, news: CheckedPodInputs): dynamic.DiffResult {
  const effective =
    news.templateId !== undefined && news.templateId === olds.templateId ? withTemplateSettings(news, recordedTemplateSettings(olds)) : news;
  const replaces = podReplacements(olds, effective);
  return diffResult(podUpdates(olds, effective).filter((name) => !replaces.includes(name)), replaces);
}

/** The create-only settings a template gives a pod that leaves them out. */
export interface TemplateSettings {
  startSsh?: boolean;
  startJupyter?: boolean;
  /** Applies to GPU pods that set neither CUDA field. */
  allowedCudaVersions?: string[];
}

/**
 * The arguments with the create-only settings they leave to the template filled in, so that state records
 * what the pod runs with and declaring the template's own value later is no change.
 */
export function withTemplateSettings(inputs: CheckedPodInputs, settings: TemplateSettings): CheckedPodInputs {
  if (inputs.templateId === undefined) return inputs;
  const effective: CheckedPodInputs = {
    ...inputs,
    startSsh: inputs.startSsh ?? settings.startSsh,
    startJupyter: inputs.startJupyter ?? settings.startJupyter,
  };
  const { gpu } = inputs;
  const cudaLeftOut = typeof gpu === "object" && gpu.allowedCudaVersions === undefined && gpu.minCudaVersion === undefined;
  if (cudaLeftOut && settings.allowedCudaVersions !== undefined && settings.allowedCudaVersions.length > 0) {
    effective.gpu = { ...gpu, allowedCudaVersions: settings.allowedCudaVersions };
  }
  return effective;
}

/** The template settings a pod's state recorded at create. */
export function recordedTemplateSettings(olds: PodOutputs): TemplateSettings {
  return { startSsh: olds.startSsh, startJupyter: olds.startJupyter, allowedCudaVersions: olds.gpu?.allowedCudaVersions };
}

/**
 * The `PATCH /v2/pods/{id}` body that brings the live pod to the arguments: only what differs, and nothing
 * for an argument left unset. Injected and inherited env keys are sent back, because PATCH replaces the whole env.
 * Another template is named in the PATCH, which applies its settings under the body's; env is then always sent,
 * so that the old template's keys go and the injected ones stay.
 */
export function podPatch(live: Omit<Pod, "id" | "runtime">, news: CheckedPodInputs, inherited: readonly string[] = []): UpdatePodRequest {
  const patch: UpdatePodRequest = {};
  const differs = (before: unknown, after: unknown): boolean => after !== undefined && !sameValue(before, after);
  const movesTemplate = differs(live.template, news.templateId);
  if (movesTemplate) patch.templateId = news.templateId;
  if (differs(live.name, news.name)) patch.name = news.name;
  if (differs(live.image, news.image)) patch.image = news.image;
  if (differs(live.args, news.args)) patch.args = news.args;
  if (differs(live.disk, news.disk)) patch.disk = news.disk;
  const kept = userEnv(live.env, news.env, inherited);
  if (movesTemplate || !sameValue(kept, news.env)) {
    const keptKeys = movesTemplate ? [...injectedEnvKeys] : [...injectedEnvKeys, ...inherited];
    patch.env = { ...Object.fromEntries(Object.entries(live.env).filter(([key]) => keptKeys.includes(key))), ...news.env };
  }
  if (differs(live.ports, news.ports)) patch.ports = news.ports;
  if (differs(live.registry, news.registry)) patch.registry = news.registry;
  if (differs(live.locked, news.locked)) patch.locked = news.locked;
  if (differs(live.globalNetworking.enabled, news.globalNetworking)) patch.globalNetworking = news.globalNetworking;
  if (news.mounts && !sameValue(comparableMounts(live.mounts), comparableMounts(news.mounts))) patch.mounts = news.mounts;
  return patch;
}

/** Whether the arguments speak for the mounts: a pod made from a template without `mounts` keeps the template's. */
function declaresMounts(news: CheckedPodInputs): boolean {
  return news.mounts !== undefined || news.templateId === undefined;
}

function mountsNeedReplacement(olds: MountsInputs | undefined, news: MountsInputs | undefined): boolean {
  if (mountKind(olds) !== mountKind(news)) return true;
  const oldVolume = olds?.network?.[0]?.volumeId;
  const newVolume = news?.network?.[0]?.volumeId;
  if (oldVolume !== newVolume) return true;
  // A persistent mount only grows; a smaller one needs a new pod.
  const oldSize = olds?.persistent?.size;
  const newSize = news?.persistent?.size;
  return oldSize !== undefined && newSize !== undefined && (newSize as unknown) !== UNKNOWN && newSize < oldSize;
}

/** Mounts with empty parts dropped: `{}`, `{network: []}` and no mounts all mean the same. */
function comparableMounts(mounts: MountsInputs | undefined): MountsInputs {
  const comparable: MountsInputs = {};
  if (mounts?.persistent) comparable.persistent = { size: mounts.persistent.size, path: mounts.persistent.path };
  if (mounts?.network && mounts.network.length > 0) {
    comparable.network = mounts.network.map(({ volumeId, path }) => ({ volumeId, path }));
  }
  return comparable;
}

function comparableGpu(gpu: CheckedPodInputs["gpu"] | PodOutputs["gpu"]): object | undefined {
  if (!gpu) return undefined;
  const { id, count, allowedCudaVersions, minCudaVersion } = gpu as NonNullable<CheckedPodInputs["gpu"]>;
  return { id, count, allowedCudaVersions, minCudaVersion };
}

function containsValue(list: readonly string[] | string, value: string | null): boolean {
  if ((list as unknown) === UNKNOWN) return false;
  return value !== null && (list as readonly string[]).includes(value);
}
