import type { Pod } from "../pod/inputs";
import { stripUndefined } from "../lifecycle/engineProperties";
import type { CheckedClusterInputs, ClusterMember, ClusterSummary } from "./inputs";

/**
 * A `Cluster` resource's outputs: the v2 cluster summary without `id` (Pulumi reserves it), the arguments the
 * summary does not report, and the member pods in rank order.
 */
export type ClusterOutputs = Omit<ClusterSummary, "id"> &
  Omit<CheckedClusterInputs, keyof ClusterSummary | "maxHourlyPrice"> & {
    /** The member pods in rank order, without `env` and `runtime`. */
    members: ClusterMember[];
  };

/** A cluster as the resource reads it: the summary and, where read (a list reports none), its members in rank order. */
export type LiveCluster = ClusterSummary & { members?: Pod[] };

/** What state records for a cluster: the live summary and members, and the arguments as declared. */
export function clusterOutputs(cluster: ClusterSummary, members: readonly Pod[], inputs: CheckedClusterInputs): ClusterOutputs {
  const { id: _id, ...summary } = cluster;
  return stripUndefined({
    ...inputs,
    ...summary,
    members: members.map(({ env: _env, runtime: _runtime, ...member }) => member),
  });
}
