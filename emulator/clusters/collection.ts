import { collection } from "../collection";
import type { ClusterRecord } from "./clusterRecord";
import { renderCluster } from "./clusterView";
import { membersOf } from "./members";

/** The account's clusters, at `/v2/clusters`: rendered as summaries, the member pods as they are now. */
export const clusters = collection({
  name: "clusters",
  path: "/clusters",
  noun: "Cluster",
  what: "cluster",
  schema: "Cluster",
  idDescription: "Cluster id",
  idOf: (record: ClusterRecord) => record.id,
  view: (cluster, context) =>
    renderCluster(
      cluster,
      membersOf(context.store, cluster).map((pod) => context.present(pod)),
    ),
});
