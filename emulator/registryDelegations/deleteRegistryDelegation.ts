import { callerOf } from "../http/auth";
import { idParameter, ownResource } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { ownedDelegation } from "../ownership";

/** `DELETE /v2/registries/delegations/{id}`: revoke an ECR delegation; answers 403, 404 as `spec.errors` says. */
export const deleteRegistryDelegation: Operation = {
  method: "DELETE",
  path: "/registries/delegations/{id}",
  spec: {
    operationId: "deleteRegistryDelegation",
    summary: "Revoke an ECR delegation",
    description: "A delegation is never read alone or changed: list, create and revoke.",
    parameters: [idParameter("Delegation id")],
    ok: { status: 204, description: "Revoked; no body" },
    errors: ownResource("delegation", "write"),
  },
  async handle(context, request, reply) {
    const { store } = context;
    const { account, delegation } = ownedDelegation(store, callerOf(request), idParam(request));
    store.account(account).delegations.delete(delegation.id);
    return reply.code(204).send();
  },
};
