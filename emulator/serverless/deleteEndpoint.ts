import { callerOf } from "../http/auth";
import { ownResource } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { ownedEndpoint } from "../ownership";
import { endpointId } from "./parameters";
import { releaseStandingWorkers } from "./standingWorkers";

/**
 * `DELETE /v2/serverless/{id}`: delete an endpoint with its configuration, worker logs and job history;
 * answers 403, 404 as `spec.errors` says.
 */
export const deleteEndpoint: Operation = {
  method: "DELETE",
  path: "/serverless/{id}",
  spec: {
    operationId: "deleteEndpoint",
    summary: "Delete an endpoint with its configuration, worker logs and job history",
    parameters: [endpointId],
    ok: { status: 204, description: "Deleted" },
    errors: ownResource("endpoint", "write"),
  },
  async handle(context, request, reply) {
    const { store } = context;
    const endpoint = ownedEndpoint(store, callerOf(request), idParam(request));
    // Configuration, worker logs and job history all live on the record: they go with it; billing keeps what it used.
    const account = store.account(endpoint.account);
    releaseStandingWorkers(context.stock, endpoint.held);
    account.endpoints.delete(endpoint.id);
    account.retired("endpoints").push({ record: endpoint, removedAt: context.now() });
    return reply.code(204).send();
  },
};
