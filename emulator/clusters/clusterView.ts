import type { ClusterRecord } from "./clusterRecord";
import type { Cluster, Pod } from "../wire";

/** A cluster summary as the API renders it, from its member pods as rendered at the same instant (rank order). */
export function renderCluster(cluster: ClusterRecord, members: Pod[]): Cluster {
  const byStatus: Cluster["pods"]["byStatus"] = {};
  for (const member of members) byStatus[member.status] = (byStatus[member.status] ?? 0) + 1;
  const primary = members[0];
  const sshEndpoint = primary?.ssh.proxy?.command;
  return {
    id: cluster.id,
    name: cluster.name,
    type: cluster.type,
    compute: { ...cluster.compute },
    dataCenterId: cluster.dataCenterId,
    pods: { total: members.length, byStatus },
    network: { ...cluster.network },
    ...(primary === undefined
      ? {}
      : { primary: { podId: primary.id, status: primary.status, ...(sshEndpoint === undefined ? {} : { sshEndpoint }) } }),
    createdAt: new Date(cluster.createdAt).toISOString(),
  };
}
