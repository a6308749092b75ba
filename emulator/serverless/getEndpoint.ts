import { callerOf } from "../http/auth";
import { ownResource, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { ownedEndpoint } from "../ownership";
import { presentEndpoint } from "./endpointView";
import { endpointId } from "./parameters";

/** `GET /v2/serverless/{id}`: read a serverless endpoint; answers 403, 404 as `spec.errors` says. */
export const getEndpoint: Operation = {
  method: "GET",
  path: "/serverless/{id}",
  spec: {
    operationId: "getEndpoint",
    summary: "Read a serverless endpoint",
    parameters: [endpointId],
    ok: { status: 200, description: "The endpoint", schema: ref("Endpoint") },
    errors: ownResource("endpoint", "read"),
  },
  async handle(context, request) {
    const { store } = context;
    return presentEndpoint(ownedEndpoint(store, callerOf(request), idParam(request)), request);
  },
};
