import { callerOf } from "../http/auth";
import { listOf, queryParameters } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { parseQuery } from "../http/validation";
import { podListQuery } from "../schemas";

/** `GET /v2/pods`: the caller's pods, cluster members only with `includeClusterPods=true`; 400 for a bad query. */
export const listPods: Operation = {
  method: "GET",
  path: "/pods",
  spec: {
    operationId: "listPods",
    summary: "List the account's pods",
    parameters: queryParameters(podListQuery, {
      includeClusterPods: { description: "Also list cluster member pods, which are left out otherwise." },
    }),
    ok: { status: 200, description: "The pods", schema: listOf("pods", "Pod") },
    errors: { 400: "Invalid query" },
  },
  async handle(context, request) {
    const account = context.store.account(callerOf(request).account);
    const { includeClusterPods } = parseQuery(podListQuery, request.query);
    const pods = [...account.pods.values()].filter((pod) => includeClusterPods || pod.membership === null);
    return { pods: pods.map((pod) => context.present(pod)) };
  },
};
