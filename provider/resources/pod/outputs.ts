import { type CheckedPodInputs, type GpuConfigInputs, injectedEnvKeys, type MountsInputs, type Pod } from "./inputs";
import { mountKind } from "./mounts";

/**
 * Arguments that the API never returns, so state keeps them beside the pod's own fields: the lifecycle records
 * those declared `unreported`, {@link podOutputs} the others.
 */
type EchoedInputs = Pick<
  CheckedPodInputs,
  "templateId" | "startSsh" | "startJupyter" | "dataCenterIds" | "desiredStatus" | "readyTimeoutSeconds"
> & {
  gpu?: GpuConfigInputs;
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
  if (previous.templateId) inputs.templateId = previous.templateId;
  if (pod.gpu) inputs.gpu = { ...previous.gpu, id: pod.gpu.id, count: pod.gpu.count };
  if (pod.cpu) inputs.cpu = { id: pod.cpu.id, vcpuCount: pod.cpu.vcpuCount, memory: pod.cpu.memory };
  if (mountKind(pod.mounts) !== "none") inputs.mounts = pod.mounts as MountsInputs;
  return inputs;
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
