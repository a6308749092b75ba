import { callerOf } from "../http/auth";
import { listOf, ownResource } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { membersOf } from "./members";
import { clusters } from "./collection";

/** `GET /v2/clusters/{id}/pods`: every member as a complete pod, in rank order; 403/404 as for any cluster. */
export const listClusterPods: Operation = {
  method: "GET",
  path: "/clusters/{id}/pods",
  spec: {
    operationId: "listClusterPods",
    summary: "List a cluster's member pods, in rank order",
    parameters: clusters.idParameters,
    ok: { status: 200, description: "Every member as a complete Pod", schema: listOf("pods", "Pod") },
    errors: ownResource("cluster", "read"),
  },
  async handle(context, request) {
    const cluster = clusters.owned(context.store, callerOf(request), idParam(request));
    return { pods: membersOf(context.store, cluster).map((pod) => context.present(pod)) };
  },
};
