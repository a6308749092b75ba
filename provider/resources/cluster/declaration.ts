import type { ComputePlatformClient } from "../../client";
import {
  type CheckedClusterInputs,
  type ClusterInputs,
  clusterInputsSchema,
  type ClusterSummary,
  type CreateClusterRequest,
} from "./inputs";
import { isPlainObject, withoutEmptyList } from "../../values/plainValues";
import { acceptableConfigurations, isAcceptable } from "../../placement/candidates";
import { withoutSteering } from "../lifecycle/createRequest";
import { createOnly, declaration, type Fields, inPlace, replaces, replacesWhen } from "../lifecycle/declaration";
import { sameValue } from "../../values/sameValue";
import { COST_OUTPUTS, type CostEstimate } from "../../cost/costEstimate";
import { placedOutside, placedOutsideCases } from "../dataCenters";
import { placementDefaults } from "../../placement/placementInputs";
import type { LifetimeOutputs } from "../lifetime/lifetimeOutputs";
import { memberIds } from "./memberIds";
import { memberPlacement, requestedGpu } from "./memberPlacement";
import { clusterInputsFromLive } from "./inputsFromLive";
import { clusterOutputs, type ClusterOutputs, type LiveCluster } from "./outputs";
import { membersRunning } from "./membersRunning";

// Only `name` (and `lifetime`, never sent) changes in place; every other argument is fixed at create.
const fields = {
  name: inPlace(),
  type: replaces(),
  // The members may run any acceptable configuration: `compute`'s GPUs or one of `placement`'s alternatives.
  compute: replacesWhen((olds: ClusterOutputs, news: CheckedClusterInputs) => !runsAcceptableCompute(olds, news), {
    cases:
      "the members no longer run an acceptable configuration: another pod count, or GPUs neither `compute` nor one of `placement`'s alternatives names",
  }),
  // Read when the cluster is created; a change replaces it only through `compute`'s rule.
  placement: createOnly({ within: placementDefaults }),
  image: replaces(),
  args: replaces({ default: "" }),
  disk: replaces({ default: 20 }),
  // It may carry secrets the program passes to every member.
  env: replaces({ default: {}, secret: "inputAndOutput" }),
  ports: replaces({ default: [] }),
  mounts: replaces({ default: {} }),
  startSsh: replaces({ default: false }),
  startJupyter: replaces({ default: false }),
  dataCenterIds: replacesWhen((olds: ClusterOutputs, news: CheckedClusterInputs) => placedOutside(news.dataCenterIds, olds.dataCenterId), {
    unreported: true,
    cases: placedOutsideCases,
  }),
  adopt: createOnly(),
  readyTimeoutSeconds: createOnly({ default: 600 }),
  maxHourlyPrice: createOnly(),
  // A change renews it (the lifetime wrapper records and enforces it); it is never sent to the API.
  lifetime: inPlace(),
} as const satisfies Fields<ClusterInputs>;

/** `Cluster`: a new name is the only change made in place. */
export const cluster = declaration<
  ClusterInputs,
  typeof fields,
  LiveCluster,
  ClusterOutputs & Partial<CostEstimate> & LifetimeOutputs,
  CreateClusterRequest,
  { name: string }
>()({
  type: "Cluster",
  what: "cluster",
  autoNamed: true,
  noun: "cluster",
  importable: true,
  fields,
  schema: clusterInputsSchema,
  deadline: "readyTimeoutSeconds",
  outputs: [
    "name",
    "type",
    "compute",
    "dataCenterId",
    "pods",
    "network",
    "primary",
    "createdAt",
    "members",
    "image",
    "args",
    "disk",
    "env",
    "ports",
    "dataCenterIds",
    "mounts",
    "startSsh",
    "startJupyter",
    ...COST_OUTPUTS,
    "lifetime",
    "expiresAt",
    "lifetimeState",
  ],
  // A get and a rename read the members too; a list reports the summaries, which is all `madeBy` reads.
  api: (client) => ({
    list: () => client.clusters.list(),
    get: (id) => liveCluster(client, id, client.clusters.get(id)),
    create: (body) => client.clusters.create(body),
    update: (id, { name }) => liveCluster(client, id, client.clusters.rename(id, name)),
    delete: (id) => client.clusters.delete(id),
  }),
  createRequest,
  placement: memberPlacement,
  readiness: membersRunning,
  podsOf: memberIds,
  // The image is the primary member's: the summary does not report it.
  outputsOf: ({ members = [], ...summary }, recorded) =>
    clusterOutputs(summary, members, { ...(recorded as CheckedClusterInputs), image: members[0]?.image ?? (recorded.image as string) }),
  // The summary reports only the name, type and compute of the arguments; what state recorded stands, and an import
  // (nothing recorded) reads the container settings from the members.
  inputsOf: (live, { members: _members, ...recorded }) => ({ ...clusterInputsFromLive(live), ...recorded, name: live.name }),
  // A create on any acceptable configuration, so that an interrupted one is found again whichever it was.
  madeBy: (live, inputs) => onCandidates(inputs).some((candidate) => sameCreateRequest(live, createRequest(candidate))),
  dependentDefaults: (inputs) => withoutEmptyList(inputs, "dataCenterIds"),
});

async function liveCluster(client: ComputePlatformClient, id: string, summary: Promise<ClusterSummary>): Promise<LiveCluster> {
  return { ...(await summary), members: await client.clusters.pods(id) };
}

/** The arguments once per acceptable GPU configuration of the members, `compute`'s first: what a create may have sent. */
function onCandidates(inputs: CheckedClusterInputs): CheckedClusterInputs[] {
  const { placement, ...rest } = inputs;
  const { compute } = rest;
  return acceptableConfigurations(requestedGpu(compute), placement).map(({ id, count }) => ({
    ...rest,
    compute: { ...compute, gpuTypeId: id, gpuCountPerPod: count },
  }));
}

/** Whether the members run an acceptable configuration, as many of them as asked. */
function runsAcceptableCompute(olds: ClusterOutputs, news: CheckedClusterInputs): boolean {
  const { compute } = news;
  if (!isPlainObject(compute) || !isPlainObject(olds.compute)) return sameValue(olds.compute, compute);
  const placement = isPlainObject(news.placement) ? news.placement : undefined;
  return olds.compute.podCount === compute.podCount && isAcceptable(requestedGpu(olds.compute), requestedGpu(compute), placement);
}

/** The create body for the arguments. */
export function createRequest(inputs: CheckedClusterInputs): CreateClusterRequest {
  return withoutSteering(inputs);
}

/** Whether a listed cluster is what this create request would have made. */
function sameCreateRequest(cluster: ClusterSummary, request: CreateClusterRequest): boolean {
  return cluster.name === request.name && cluster.type === request.type && sameValue(cluster.compute, request.compute);
}
