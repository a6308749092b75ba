// The dynamic provider of `Cluster`. Pulumi serializes this module as `require(<this file>)`, so it exports
// the provider methods and nothing else, and reads its settings only when called.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ComputePlatformClient } from "../client";
import { checkPlacement } from "../placement/checkPlacement";
import { type PlacedCheckResult, withPlacementCheck } from "../placement/placementChoice";
import { type PlacementScope, placeOnCandidates } from "../placement/placeOnCandidates";
import type { CheckedClusterInputs, ClusterInputs, ClusterSummary } from "../schemas/cluster";
import type { Pod } from "../schemas/pod";
import { clusterPricing } from "../cost/clusterPricing";
import { pricedProvider } from "../cost/pricedProvider";
import { sharedClient } from "../sharedClient";
import { cluster as declaration, type ClusterOutputs, clusterOutputs, createRequest, requestedGpu } from "./cluster/declaration";
import { adoptable } from "./lifecycle/adoptable";
import { createOnce } from "./lifecycle/createOnce";
import { initializationFailure, ownProperties } from "./lifecycle/engineProperties";
import { lifecycleOf } from "./lifecycle/lifecycle";
import { messageOf } from "./lifecycle/messageOf";
import { unlessNotFound } from "./lifecycle/notFound";
import { ComputePlatformError } from "../errors";

export { configure } from "../config";

/** How long a delete waits for the members to be gone. */
const DELETE_TIMEOUT_SECONDS = 600;

const lifecycle = lifecycleOf(declaration);
/** Validates and completes the arguments; with `placement`, also checks that some acceptable configuration is offered. */
async function checkCluster(olds: Partial<ClusterInputs>, props: ClusterInputs): Promise<PlacedCheckResult<CheckedClusterInputs>> {
  const result = await lifecycle.check(olds, props);
  const inputs = result.inputs;
  if (result.failures?.length || inputs?.placement === undefined || inputs.adopt !== undefined) return result;
  return withPlacementCheck(result, await checkPlacement(placementScope(inputs)));
}

async function createCluster(props: CheckedClusterInputs): Promise<dynamic.CreateResult<ClusterOutputs>> {
  const inputs = ownProperties(props);
  const client = sharedClient();
  const deadline = client.clock.now() + inputs.readyTimeoutSeconds * 1000;
  if (inputs.adopt) return adopt(client, inputs.adopt, inputs, deadline, props);

  const createWith = (sent: CheckedClusterInputs) =>
    createOnce({
      what: `cluster "${inputs.name}"`,
      source: client.clusters,
      create: () => client.clusters.create(createRequest(sent)),
      matches: (cluster) => declaration.madeBy?.({ ...cluster, members: [] }, sent) === true,
      clock: client.clock,
    });
  const created =
    inputs.placement === undefined
      ? await createWith(inputs)
      : (
          await placeOnCandidates(client, {
            ...placementScope(inputs),
            deadline,
            timeoutSeconds: inputs.readyTimeoutSeconds,
            create: ({ id, count }) =>
              createWith({ ...inputs, placement: undefined, compute: { ...inputs.compute, gpuTypeId: id, gpuCountPerPod: count } }),
          })
        ).created;
  try {
    const members = await waitUntilRunning(client, created.id, deadline, inputs.readyTimeoutSeconds);
    return { id: created.id, outs: clusterOutputs(await client.clusters.get(created.id), members, inputs) };
  } catch (error) {
    throw await removeFailedCluster(client, created, inputs, error, props);
  }
}

async function readCluster(id: string, props: ClusterOutputs): Promise<dynamic.ReadResult<ClusterOutputs | CheckedClusterInputs>> {
  const client = sharedClient();
  const cluster = await unlessNotFound(() => client.clusters.get(id));
  if (!cluster) return { id: "" };
  const members = (await unlessNotFound(() => client.clusters.pods(id))) ?? [];
  const recorded = ownProperties(props);
  const refreshed = clusterOutputs(cluster, members, { ...recorded, name: cluster.name });
  // The summary reports only the name of the arguments; inputs are handed back when it drifted.
  if (cluster.name === recorded.name) return { id, props: refreshed };
  const { members: _members, ...inputs } = refreshed;
  return { id, props: refreshed, inputs: inputs as CheckedClusterInputs };
}

async function updateCluster(id: string, olds: ClusterOutputs, props: CheckedClusterInputs): Promise<dynamic.UpdateResult<ClusterOutputs>> {
  const news = ownProperties(props);
  const client = sharedClient();
  const cluster = olds.name === news.name ? await client.clusters.get(id) : await client.clusters.rename(id, news.name);
  return { outs: clusterOutputs(cluster, await client.clusters.pods(id), news) };
}

/** What placement screens a cluster's candidates by: whole nodes in the secure cloud, priced for every member. */
function placementScope(inputs: CheckedClusterInputs): PlacementScope {
  return {
    what: `cluster "${inputs.name}"`,
    product: "CLUSTER",
    cloud: "SECURE",
    gpu: requestedGpu(inputs.compute),
    placement: inputs.placement,
    dataCenterIds: inputs.dataCenterIds,
    instances: inputs.compute.podCount,
    maxHourlyPrice: inputs.maxHourlyPrice,
  };
}

async function deleteCluster(id: string): Promise<void> {
  const client = sharedClient();
  const members = (await unlessNotFound(() => client.clusters.pods(id))) ?? [];
  const deleted = await unlessNotFound(() => client.clusters.delete(id).then(() => true));
  if (!deleted) return;
  const deadline = client.clock.now() + DELETE_TIMEOUT_SECONDS * 1000;
  await Promise.all(
    members.map((member) =>
      client.podWatcher.waitFor({
        id: member.id,
        wanted: "gone",
        until: (pod) => pod === undefined || pod.status === "TERMINATED",
        deadline,
        timeoutSeconds: DELETE_TIMEOUT_SECONDS,
      }),
    ),
  );
}

const priced = pricedProvider(clusterPricing, {
  check: checkCluster,
  diff: lifecycle.diff,
  create: createCluster,
  read: readCluster,
  update: updateCluster,
  delete: deleteCluster,
});
export const { check, diff, create, read, update } = priced;
const remove = priced.delete;
export { remove as delete };

class MemberFailedError extends ComputePlatformError {
  override readonly name = "MemberFailedError";
}

/**
 * Waits (through the shared poller, which lists every pod once per tick) until every member is RUNNING, and
 * returns the members in rank order. A member in ERROR, or gone, fails the wait at once, naming it.
 */
async function waitUntilRunning(client: ComputePlatformClient, id: string, deadline: number, timeoutSeconds: number): Promise<Pod[]> {
  const members = await client.clusters.pods(id);
  await Promise.all(
    members.map((member) =>
      client.podWatcher.waitFor({
        id: member.id,
        wanted: "RUNNING",
        deadline,
        timeoutSeconds,
        until: (pod) => {
          const which = `member ${member.id} (${member.name})`;
          if (!pod || pod.status === "TERMINATED") throw new MemberFailedError(`${which} disappeared`);
          if (pod.status === "ERROR") throw new MemberFailedError(`${which}, rank ${pod.cluster?.rank ?? "unassigned"}, went to ERROR`);
          return pod.status === "RUNNING";
        },
      }),
    ),
  );
  return client.clusters.pods(id);
}

/**
 * A cluster that failed to become usable is deleted with its members, so that the failed deployment leaves
 * nothing behind. Only if that delete fails too is it reported as a half-created resource.
 */
async function removeFailedCluster(
  client: ComputePlatformClient,
  created: ClusterSummary,
  inputs: CheckedClusterInputs,
  cause: unknown,
  engineProps: object,
): Promise<Error> {
  const reason = messageOf(cause);
  try {
    await deleteCluster(created.id);
    return new Error(
      `cluster "${inputs.name}" (${created.id}) did not become usable: ${reason}. It was deleted with its members; nothing was left behind.`,
    );
  } catch (cleanupError) {
    const current = await unlessNotFound(() => client.clusters.get(created.id)).catch(() => undefined);
    const members = await unlessNotFound(() => client.clusters.pods(created.id)).catch(() => undefined);
    return initializationFailure(
      `cluster "${inputs.name}" (${created.id}) did not become usable: ${reason}; deleting it also failed: ${messageOf(cleanupError)}. ` +
        "It is kept in the stack so that the next `pulumi up` or `pulumi destroy` can deal with it.",
      { id: created.id, properties: clusterOutputs(current ?? created, members ?? [], inputs), engineProps },
    );
  }
}

/** Takes over an existing cluster: its type and compute must match the arguments; its name is changed to them. */
async function adopt(
  client: ComputePlatformClient,
  id: string,
  inputs: CheckedClusterInputs,
  deadline: number,
  engineProps: object,
): Promise<dynamic.CreateResult<ClusterOutputs>> {
  const { members: _members, ...live } = await adoptable(declaration, id, inputs);
  if (live.name !== inputs.name) await client.clusters.rename(id, inputs.name);
  try {
    const members = await waitUntilRunning(client, id, deadline, inputs.readyTimeoutSeconds);
    return { id, outs: clusterOutputs(await client.clusters.get(id), members, inputs) };
  } catch (error) {
    // An adopted cluster is not ours to delete: record it with the failure instead.
    throw initializationFailure(`adopt: cluster "${id}" did not become usable: ${messageOf(error)}`, {
      id,
      properties: clusterOutputs(live, [], inputs),
      engineProps,
    });
  }
}
