import {
  type CheckedServerlessEndpointInputs,
  type CreateEndpointRequest,
  type Endpoint,
  type EndpointGpuInputs,
  type ServerlessEndpointInputs,
  serverlessEndpointInputsSchema,
  type UpdateEndpointRequest,
} from "./inputs";
import { createOnly, declaration, type Fields, inPlace, inPlaceUnless, replaces } from "../lifecycle/declaration";
import { stripUndefined } from "../lifecycle/engineProperties";
import { withoutSteering } from "../lifecycle/createRequest";
import { fieldChanges } from "../lifecycle/fieldChanges";
import { sameValue } from "../../values/sameValue";
import { COST_OUTPUTS, type CostEstimate } from "../../cost/costEstimate";
import { containerSettingsFields, containerSettingsOutputs, withContainerDefaults } from "../container/containerSettings";

/**
 * A `ServerlessEndpoint` resource's outputs: the v2 endpoint without `id` (Pulumi reserves it), the template it
 * was made from, and the env keys that template gave it.
 */
export type ServerlessEndpointOutputs = Omit<Endpoint, "id"> &
  Pick<CheckedServerlessEndpointInputs, "templateId" | "adopt"> & {
    /** Env keys the template supplied and the arguments do not declare: kept on every PATCH, never drift. */
    inheritedEnvKeys: string[];
  };

/**
 * What state records for an endpoint. The env keys recorded as the template's stand while the template does; else
 * they are those of the endpoint the arguments do not declare.
 */
export function endpointOutputs(
  endpoint: Endpoint,
  inputs: CheckedServerlessEndpointInputs,
  previous?: Pick<ServerlessEndpointOutputs, "templateId" | "inheritedEnvKeys">,
): ServerlessEndpointOutputs {
  const { id: _id, ...fields } = endpoint;
  const inherited =
    previous !== undefined && previous.templateId === inputs.templateId ? previous.inheritedEnvKeys : inheritedEnvKeys(endpoint, inputs);
  return stripUndefined({ ...fields, templateId: inputs.templateId, adopt: inputs.adopt, inheritedEnvKeys: [...inherited] });
}

/** The env keys of a new endpoint that came from its template: those the arguments do not declare. */
function inheritedEnvKeys(endpoint: Endpoint, inputs: CheckedServerlessEndpointInputs): string[] {
  if (inputs.templateId === undefined) return [];
  return Object.keys(endpoint.env).filter((key) => !(key in inputs.env));
}

/**
 * The PATCH body that brings an endpoint to the arguments: exactly the fields that differ, as the declaration
 * compares them. `gpu.pools` always travels with `gpu.excludedTypes`, because the API clears exclusions sent without pools.
 */
export function endpointPatch(olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs): UpdateEndpointRequest {
  const sent: Record<string, () => unknown> = {
    env: () => envPatch(olds, news),
    gpu: () => gpuPatch(olds, news),
    cpu: () => cpuConfigs(news.cpu),
  };
  const changes = fieldChanges(serverlessEndpoint, olds, news).updates;
  return Object.fromEntries(
    changes.map((name) => [name, sent[name]?.() ?? news[name as keyof CheckedServerlessEndpointInputs]]),
  ) as UpdateEndpointRequest;
}

/**
 * The env to send, if it changes. The new template's env is merged under the declared one by the API, and the
 * old template's keys go; without a template the endpoint keeps no env keys of the one it was made from.
 */
function envPatch(olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs): Record<string, string> | undefined {
  if (movesTemplate(olds, news)) return news.env;
  const inherited = news.templateId === olds.templateId ? olds.inheritedEnvKeys : [];
  // A record may lack the secret env: `dev` leaves out a changed one, whose digest it keeps, for the read to bring back.
  const env = { ...pick(olds.env ?? {}, inherited), ...news.env };
  return sameValue(olds.env, env) ? undefined : env;
}

function movesTemplate(olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs): boolean {
  return news.templateId !== undefined && news.templateId !== olds.templateId;
}

function gpuPatch(olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs): UpdateEndpointRequest["gpu"] | undefined {
  return gpuChanges(olds.gpu, news.gpu, news.templateId !== undefined);
}

/** CPU configurations as the arguments give them: the memory the API reports is its own. */
function cpuConfigs(cpu: readonly { id: string; vcpuCount: number }[] | undefined): { id: string; vcpuCount: number }[] | undefined {
  return cpu?.map(({ id, vcpuCount }) => ({ id, vcpuCount }));
}

/** Whether the endpoint goes from GPU to CPU or back, which only a new endpoint can do. */
function switchesFamily(olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs): boolean {
  return computeFamily(olds) !== (news.gpu === undefined ? "cpu" : "gpu");
}

// `type` and the compute family are fixed; every other change is one PATCH. An argument left unset keeps the
// endpoint's value (a template may have supplied it).
const fields = {
  name: inPlace(),
  type: replaces(),
  templateId: inPlace({ changed: movesTemplate }),
  ...containerSettingsFields,
  env: {
    ...containerSettingsFields.env,
    changed: (olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs) => envPatch(olds, news) !== undefined,
  },
  gpu: inPlaceUnless(
    (olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs) => switchesFamily(olds, news) && news.gpu !== undefined,
    {
      within: { count: 1 },
      cases: "the endpoint moves from CPU to GPU workers",
      changed: (olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs) => gpuPatch(olds, news) !== undefined,
    },
  ),
  cpu: inPlaceUnless(
    (olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs) => switchesFamily(olds, news) && news.gpu === undefined,
    {
      cases: "the endpoint moves from GPU to CPU workers",
      changed: (olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs) =>
        news.cpu !== undefined && !sameValue(cpuConfigs(olds.cpu), cpuConfigs(news.cpu)),
    },
  ),
  // A worker's idle timeout applies to all but a queue scaled by request count: its default depends on both.
  workers: inPlace({ default: {}, within: { min: 0, max: 3 } }),
  scaling: inPlace(),
  dataCenterIds: inPlace({ default: [] }),
  networkVolumes: inPlace({ default: [] }),
  timeout: inPlace({ default: 300_000 }),
  flashboot: inPlace({ default: "OFF" }),
  adopt: createOnly(),
} as const satisfies Fields<ServerlessEndpointInputs>;

/** `ServerlessEndpoint`: a new type or compute family replaces it; the rest is one PATCH, an endpoint's template aside. */
export const serverlessEndpoint = declaration<
  ServerlessEndpointInputs,
  typeof fields,
  Endpoint,
  ServerlessEndpointOutputs & Partial<CostEstimate>,
  CreateEndpointRequest,
  UpdateEndpointRequest
>()({
  type: "ServerlessEndpoint",
  what: "endpoint",
  autoNamed: true,
  noun: "endpoint",
  importable: true,
  fields,
  schema: serverlessEndpointInputsSchema,
  outputs: [
    "name",
    "type",
    "requestUrls",
    "templateId",
    ...containerSettingsOutputs,
    "gpu",
    "cpu",
    "workers",
    "scaling",
    "dataCenterIds",
    "networkVolumes",
    "timeout",
    "flashboot",
    "createdAt",
    ...COST_OUTPUTS,
  ],
  api: (client) => client.serverless,
  createRequest,
  patch: endpointPatch,
  outputsOf: (live, recorded, previous) => endpointOutputs(live, recorded as CheckedServerlessEndpointInputs, previous),
  inputsOf: endpointInputsFromLive,
  adoptRefusal: (_live, conflicts) =>
    `differs from the arguments in ${conflicts.map((name) => (name === "gpu" || name === "cpu" ? "compute family (gpu or cpu)" : name)).join(", ")}, ` +
    "which cannot change in place; declare the endpoint's current values or create a new endpoint instead",
  madeBy: (live, inputs) => sameCreateRequest(live, createRequest(inputs)),
  unsetKeepsLive: true,
  dependentDefaults: withDependentDefaults,
});

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
  return withoutSteering(inputs);
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
 * The defaults that depend on other arguments: the container's only without a template (with one, they are the
 * template's), a worker idle timeout only where it applies. Safe on inputs that still hold unknown preview values,
 * as it fills only what is absent.
 */
function withDependentDefaults(inputs: CheckedServerlessEndpointInputs): CheckedServerlessEndpointInputs {
  const idleTimeoutApplies = !(inputs.type === "QUEUE" && inputs.scaling?.type === "REQUEST_COUNT");
  return {
    ...(inputs.templateId === undefined ? withContainerDefaults(inputs) : inputs),
    // A whole `gpu` or `workers` unknown at preview stays unknown: defaults must not hide that it may change.
    ...(isObject(inputs.gpu) ? { gpu: withTrimmedExclusions(inputs.gpu) } : {}),
    workers: !isObject(inputs.workers)
      ? inputs.workers
      : idleTimeoutApplies
        ? { ...inputs.workers, idleTimeout: inputs.workers.idleTimeout ?? 10 }
        : (({ idleTimeout: _none, ...others }) => others)(inputs.workers),
  };
}

/** The API trims excluded type ids, so they are trimmed here too: the next diff then compares like with like. */
function withTrimmedExclusions<Gpu extends EndpointGpuInputs>(gpu: Gpu): Gpu {
  const { excludedTypes } = gpu;
  return {
    ...gpu,
    ...(Array.isArray(excludedTypes)
      ? { excludedTypes: excludedTypes.map((type) => (typeof type === "string" ? type.trim() : type)) }
      : {}),
  };
}

function isObject<T>(value: T | undefined): value is T & object {
  return typeof value === "object" && value !== null;
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
