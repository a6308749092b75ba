import type { ClusterRecord } from "./store";
import type { Cluster, Pod } from "./wire";

/** A cluster summary as the API renders it, from its member pods as rendered at the same instant. */
export function renderCluster(cluster: ClusterRecord, members: Pod[]): Cluster {
  throw new Error(`renderCluster(${cluster.id}, ${members.length} members) is not written yet`);
}
