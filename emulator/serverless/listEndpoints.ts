import { callerOf } from "../http/auth";
import { listOf } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { presentEndpoint } from "./endpointView";

/** `GET /v2/serverless`: list the account's serverless endpoints. */
export const listEndpoints: Operation = {
  method: "GET",
  path: "/serverless",
  spec: {
    operationId: "listEndpoints",
    summary: "List the account's serverless endpoints",
    ok: { status: 200, description: "The endpoints", schema: listOf("endpoints", "Endpoint") },
  },
  async handle(context, request) {
    const { store } = context;
    const account = store.account(callerOf(request).account);
    return { endpoints: [...account.endpoints.values()].map((endpoint) => presentEndpoint(endpoint, request)) };
  },
};
