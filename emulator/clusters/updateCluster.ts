import { callerOf } from "../http/auth";
import { ownResource, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { parseBody } from "../http/validation";
import { ownedCluster } from "../ownership";
import { updateClusterRequest } from "../schemas";
import { clusterId } from "./parameters";

/** `PATCH /v2/clusters/{id}`: renames the cluster; 400 for a bad body or another field, 403/404 as for any cluster. */
export const updateCluster: Operation = {
  method: "PATCH",
  path: "/clusters/{id}",
  spec: {
    operationId: "updateCluster",
    summary: "Rename a cluster",
    description: "Only `name` changes; every other field is fixed at create.",
    parameters: [clusterId],
    body: "UpdateClusterRequest",
    ok: { status: 200, description: "The renamed cluster", schema: ref("Cluster") },
    errors: { 400: "Invalid body, or a field other than name", ...ownResource("cluster", "write") },
  },
  async handle(context, request) {
    const cluster = ownedCluster(context.store, callerOf(request), idParam(request));
    cluster.name = parseBody(updateClusterRequest, request.body).name;
    return context.presentCluster(cluster);
  },
};
