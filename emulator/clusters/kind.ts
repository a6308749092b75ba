import type { EmulatorKind, KindSnapshot } from "../kind";
import type { Cluster } from "../wire";
import { clusters } from "./openapi";
import { CLUSTER_OPERATIONS } from "./operations";

const snapshot: KindSnapshot<"clusters", Cluster[]> = {
  key: "clusters",
  show: (context) =>
    context.store.allAccounts().flatMap((account) => [...account.clusters.values()].map((cluster) => context.presentCluster(cluster))),
};

/** Clusters of GPU pods, whose members are managed only through the cluster. */
export const clusterKind = { collection: "clusters", operations: CLUSTER_OPERATIONS, openapi: clusters, snapshot } satisfies EmulatorKind;
