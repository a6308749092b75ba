import { callerOf } from "../http/auth";
import { ownResource, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { ownedCluster } from "../ownership";
import { clusterId } from "./parameters";

/** `GET /v2/clusters/{id}`: the cluster summary; 404 when there is none, 403 when another account owns it. */
export const getCluster: Operation = {
  method: "GET",
  path: "/clusters/{id}",
  spec: {
    operationId: "getCluster",
    summary: "Read a cluster summary",
    parameters: [clusterId],
    ok: { status: 200, description: "The cluster", schema: ref("Cluster") },
    errors: ownResource("cluster", "read"),
  },
  async handle(context, request) {
    return context.presentCluster(ownedCluster(context.store, callerOf(request), idParam(request)));
  },
};
