import type * as dynamic from "@pulumi/pulumi/dynamic";
import type {
  CheckedServerlessEndpointInputs,
  CreateEndpointRequest,
  Endpoint,
  UpdateEndpointRequest,
} from "../schemas/serverlessEndpoint";
import { diffResult } from "./lifecycle/diffResult";
import { sameValue } from "./lifecycle/sameValue";
import { stripUndefined } from "./lifecycle/engineProperties";

/**
 * A `ServerlessEndpoint` resource's outputs: the v2 endpoint without `id` (Pulumi reserves it), the template it
 * was made from, and the env keys that template gave it.
 */
export type ServerlessEndpointOutputs = Omit<Endpoint, "id"> &
  Pick<CheckedServerlessEndpointInputs, "templateId" | "adopt"> & {
    /** Env keys the template supplied and the arguments do not declare: kept on every PATCH, never drift. */
    inheritedEnvKeys: string[];
  };

/** Fields compared as a whole when the arguments declare them; undeclared container fields are the template's. */
const PLAIN_FIELDS = [
  "name",
  "image",
  "args",
  "disk",
  "ports",
  "registry",
  "workers",
  "scaling",
  "dataCenterIds",
  "networkVolumes",
  "timeout",
  "flashboot",
] as const satisfies ReadonlyArray<keyof ServerlessEndpointOutputs & keyof CheckedServerlessEndpointInputs>;

/** What state records for an endpoint. */
export function endpointOutputs(
  endpoint: Endpoint,
  inputs: CheckedServerlessEndpointInputs,
  // None recorded when `pulumi import` (through the native plugin) reads an endpoint with nothing recorded.
  inheritedEnvKeys: readonly string[] = [],
): ServerlessEndpointOutputs {
  const { id: _id, ...fields } = endpoint;
  return stripUndefined({ ...fields, templateId: inputs.templateId, adopt: inputs.adopt, inheritedEnvKeys: [...inheritedEnvKeys] });
}

/** The env keys of a new endpoint that came from its template: those the arguments do not declare. */
export function inheritedEnvKeys(endpoint: Endpoint, inputs: CheckedServerlessEndpointInputs): string[] {
  if (inputs.templateId === undefined) return [];
  return Object.keys(endpoint.env).filter((key) => !(key in inputs.env));
}

/** `type` and the compute family are fixed; every other change is one PATCH. */
export function diffEndpoint(olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs): dynamic.DiffResult {
  const replaces = [
    ...(olds.type === news.type ? [] : ["type"]),
    ...(computeFamily(olds) === (news.gpu === undefined ? "cpu" : "gpu") ? [] : [news.gpu === undefined ? "cpu" : "gpu"]),
  ];
  return diffResult(replaces.length > 0 ? [] : Object.keys(endpointPatch(olds, news)), replaces);
}

/**
 * The PATCH body that brings an endpoint to the arguments: exactly the fields that differ. `gpu.pools` always
 * travels with `gpu.excludedTypes`, because the API clears exclusions sent without pools.
 */
export function endpointPatch(olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs): UpdateEndpointRequest {
  const patch: Record<string, unknown> = {};
  for (const field of PLAIN_FIELDS) {
    if (news[field] !== undefined && !sameValue(olds[field], news[field])) patch[field] = news[field];
  }
  if (news.templateId !== undefined && news.templateId !== olds.templateId) {
    // The new template's env is merged under the declared one by the API; the old template's keys go.
    patch.templateId = news.templateId;
    patch.env = news.env;
  } else {
    // Without a template the endpoint keeps no env keys of the one it was made from.
    const inherited = news.templateId === olds.templateId ? olds.inheritedEnvKeys : [];
    const env = { ...pick(olds.env, inherited), ...news.env };
    if (!sameValue(olds.env, env)) patch.env = env;
  }
  const gpu = gpuChanges(olds.gpu, news.gpu, news.templateId !== undefined);
  if (gpu !== undefined) patch.gpu = gpu;
  const cpu = news.cpu?.map(({ id, vcpuCount }) => ({ id, vcpuCount }));
  const liveCpu = olds.cpu?.map(({ id, vcpuCount }) => ({ id, vcpuCount }));
  if (cpu !== undefined && !sameValue(liveCpu, cpu)) patch.cpu = cpu;
  return patch as UpdateEndpointRequest;
}

/** The arguments that would produce a live endpoint, for a refresh to report drift: the program's own env keys only. */
export function endpointInputsFromLive(endpoint: Endpoint, previous: ServerlessEndpointOutputs): CheckedServerlessEndpointInputs {
  const { gpu, cpu } = endpoint;
  return stripUndefined({
    name: endpoint.name,
    type: endpoint.type,
    templateId: previous.templateId,
    image: endpoint.image,
    args: endpoint.args,
    disk: endpoint.disk,
    env: omit(endpoint.env, previous.inheritedEnvKeys),
    ports: endpoint.ports,
    registry: endpoint.registry,
    gpu: gpu === null ? undefined : { ...gpu, minCudaVersion: gpu.minCudaVersion ?? undefined },
    cpu: cpu?.map(({ id, vcpuCount }) => ({ id, vcpuCount })),
    workers: endpoint.workers,
    scaling: endpoint.scaling,
    dataCenterIds: endpoint.dataCenterIds,
    networkVolumes: endpoint.networkVolumes,
    timeout: endpoint.timeout,
    flashboot: endpoint.flashboot,
    adopt: previous.adopt,
  });
}

/** The create body for the arguments. */
export function createRequest(inputs: CheckedServerlessEndpointInputs): CreateEndpointRequest {
  const { adopt: _adopt, ...body } = inputs;
  return body;
}

/** Whether a listed endpoint is what this create request would have made. */
export function sameCreateRequest(endpoint: Endpoint, request: CreateEndpointRequest): boolean {
  return endpoint.name === request.name && endpoint.type === request.type && sameValue(endpoint.scaling, request.scaling);
}

/** Whether an endpoint runs on GPUs or CPUs. */
export function computeFamily(endpoint: Pick<Endpoint, "gpu">): "gpu" | "cpu" {
  return endpoint.gpu === null ? "cpu" : "gpu";
}

/**
 * The `gpu` part of a PATCH. The API merges CUDA fields into the live ones and refuses a set beside a floor, so
 * what the arguments no longer declare is cleared in the same PATCH: a floor with `""`, a set with `[]`. An
 * undeclared set on an endpoint made from a template is the template's, and is left alone unless a floor needs
 * it gone (as at create, where a declared floor stops the template seeding its set).
 */
function gpuChanges(
  live: Endpoint["gpu"],
  declared: CheckedServerlessEndpointInputs["gpu"],
  fromTemplate: boolean,
): UpdateEndpointRequest["gpu"] | undefined {
  if (live === null || declared === undefined) return undefined;
  const changes: NonNullable<UpdateEndpointRequest["gpu"]> = {};
  const exclusions = declared.excludedTypes ?? [];
  if (!sameValue(live.pools, declared.pools) || !sameValue(live.excludedTypes ?? [], exclusions)) {
    changes.pools = declared.pools;
    changes.excludedTypes = exclusions;
  }
  if (declared.count !== undefined && declared.count !== live.count) changes.count = declared.count;
  const minCudaVersion = declared.minCudaVersion ?? null;
  const templateSet = fromTemplate && minCudaVersion === null;
  const allowedCudaVersions = declared.allowedCudaVersions ?? (templateSet ? undefined : []);
  if (allowedCudaVersions !== undefined && !sameValue(live.allowedCudaVersions, allowedCudaVersions)) {
    changes.allowedCudaVersions = allowedCudaVersions;
  }
  if (minCudaVersion !== live.minCudaVersion) changes.minCudaVersion = minCudaVersion ?? "";
  return Object.keys(changes).length > 0 ? changes : undefined;
}

function pick(env: Record<string, string>, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.filter((key) => key in env).map((key) => [key, env[key] as string]));
}

function omit(env: Record<string, string>, keys: readonly string[] = []): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !keys.includes(key)));
}
