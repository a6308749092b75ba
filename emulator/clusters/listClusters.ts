import { callerOf } from "../http/auth";
import { listOf } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";

/** `GET /v2/clusters`: the caller's cluster summaries. */
export const listClusters: Operation = {
  method: "GET",
  path: "/clusters",
  spec: {
    operationId: "listClusters",
    summary: "List the account's clusters",
    ok: { status: 200, description: "The clusters", schema: listOf("clusters", "Cluster") },
  },
  async handle(context, request) {
    const account = context.store.account(callerOf(request).account);
    return { clusters: [...account.clusters.values()].map((cluster) => context.presentCluster(cluster)) };
  },
};
