import { deleteUntilGone } from "../lifecycle/deleteUntilGone";
import type { LifetimeEndings } from "../lifetime/endings";
import { gpuUtilization } from "../pod/gpuUtilization";
import { memberIds } from "./memberIds";

/**
 * A cluster's lifetime only terminates it: the API has no stop for a cluster, so its end is the delete every
 * cluster gets (its members waited for until gone). Its GPUs are its members', as the list of pods with cluster
 * members reports them; it costs what they cost.
 */
export const clusterEndings: LifetimeEndings = {
  type: "Cluster",
  what: "cluster",
  async end(client, id, _action, observed) {
    const members = observed?.podIds ?? (await memberIds(client, id));
    await deleteUntilGone(client, () => client.clusters.delete(id), members);
    return { pods: { total: 0, byStatus: {} }, members: [] };
  },
  observe(pods, id) {
    const members = pods.filter((pod) => pod.cluster?.id === id && pod.status !== "TERMINATED");
    if (members.length === 0) return undefined;
    const running = members.every((member) => member.status === "RUNNING");
    return {
      gpuUtilization: running ? members.flatMap((member) => gpuUtilization(member) ?? []) : undefined,
      // To four decimals, as expire prints a cost per hour, without the float sum's tail.
      hourlyCost: Math.round(members.reduce((sum, member) => sum + member.cost, 0) * 10_000) / 10_000,
      podIds: members.map((member) => member.id),
    };
  },
};
