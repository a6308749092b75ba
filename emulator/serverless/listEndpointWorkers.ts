import { callerOf } from "../http/auth";
import { arrayOf, integer, nullable, object, ownResource, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { ownedEndpoint } from "../ownership";
import { endpointId } from "./parameters";
import { endpointVersion, summarize, workersOf } from "./workers";

/** `GET /v2/serverless/{id}/workers`: list an endpoint's workers; answers 403, 404 as `spec.errors` says. */
export const listEndpointWorkers: Operation = {
  method: "GET",
  path: "/serverless/{id}/workers",
  spec: {
    operationId: "listEndpointWorkers",
    summary: "List an endpoint's workers",
    parameters: [endpointId],
    ok: {
      status: 200,
      description: "The workers, counted by status",
      schema: object({
        workers: arrayOf(ref("Worker")),
        summary: object(
          Object.fromEntries(["running", "idle", "initializing", "throttled", "unhealthy", "total"].map((key) => [key, integer])),
        ),
        endpointVersion: nullable(integer),
      }),
    },
    errors: ownResource("endpoint", "read"),
  },
  async handle(context, request) {
    const { store, options } = context;
    const endpoint = ownedEndpoint(store, callerOf(request), idParam(request));
    const current = workersOf(endpoint, options.timings, context.now());
    return { workers: current, summary: summarize(current), endpointVersion: endpointVersion(endpoint) };
  },
};
