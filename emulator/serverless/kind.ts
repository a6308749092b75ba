import { endpoints } from "./collection";
import { createEndpoint } from "./createEndpoint";
import { getWorkerLogs } from "./getWorkerLogs";
import { listEndpointReleases } from "./listEndpointReleases";
import { listEndpointWorkers } from "./listEndpointWorkers";
import { SERVERLESS_SCHEMAS, SERVERLESS_TAG } from "./openapi";
import { releaseStandingWorkers } from "./standingWorkers";
import { updateEndpoint } from "./updateEndpoint";

/** Serverless endpoints, their workers and releases. */
export const serverlessKind = endpoints.kind(
  SERVERLESS_TAG,
  [
    endpoints.list({ operationId: "listEndpoints", summary: "List the account's serverless endpoints", ok: "The endpoints" }),
    createEndpoint,
    endpoints.get({ operationId: "getEndpoint", summary: "Read a serverless endpoint", ok: "The endpoint" }),
    updateEndpoint,
    endpoints.delete({
      operationId: "deleteEndpoint",
      summary: "Delete an endpoint with its configuration, worker logs and job history",
      ok: "Deleted",
      remove(endpoint, context) {
        // Configuration, worker logs and job history all live on the record: they go with it; billing keeps what it used.
        releaseStandingWorkers(context.stock, endpoint.held);
        endpoints.retire(context.store, endpoint, context.now());
      },
    }),
    listEndpointWorkers,
    listEndpointReleases,
    getWorkerLogs,
  ],
  SERVERLESS_SCHEMAS,
);
