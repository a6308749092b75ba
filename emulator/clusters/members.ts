import type { PodRecord, Store } from "../store";
import type { ClusterRecord } from "./clusterRecord";

/** The cluster's member pods still held, in rank order. */
export function membersOf(store: Store, cluster: ClusterRecord): PodRecord[] {
  const pods = store.account(cluster.account).pods;
  return cluster.memberIds.flatMap((id) => pods.get(id) ?? []);
}
