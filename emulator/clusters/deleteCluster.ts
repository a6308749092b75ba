import { callerOf } from "../http/auth";
import { ownResource } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { ownedCluster } from "../ownership";
import { membersOf } from "./members";
import { clusterId } from "./parameters";

/** `DELETE /v2/clusters/{id}`: deletes the cluster and terminates its members, 204; 403/404 as for any cluster. */
export const deleteCluster: Operation = {
  method: "DELETE",
  path: "/clusters/{id}",
  spec: {
    operationId: "deleteCluster",
    summary: "Delete a cluster and terminate its members",
    parameters: [clusterId],
    ok: { status: 204, description: "Deleted" },
    errors: ownResource("cluster", "write"),
  },
  async handle(context, request, reply) {
    const { store } = context;
    const cluster = ownedCluster(store, callerOf(request), idParam(request));
    for (const member of membersOf(store, cluster)) context.remove(member);
    store.account(cluster.account).clusters.delete(cluster.id);
    return reply.code(204).send();
  },
};
