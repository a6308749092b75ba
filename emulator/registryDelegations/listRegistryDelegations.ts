import { callerOf } from "../http/auth";
import { listOf } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";

/** `GET /v2/registries/delegations`: list the account's ECR delegations. */
export const listRegistryDelegations: Operation = {
  method: "GET",
  path: "/registries/delegations",
  spec: {
    operationId: "listRegistryDelegations",
    summary: "List the account's ECR delegations",
    ok: { status: 200, description: "The delegations", schema: listOf("delegations", "EcrDelegation") },
  },
  async handle(context, request) {
    const { store } = context;
    const account = store.account(callerOf(request).account);
    return { delegations: [...account.delegations.values()].map((record) => ({ ...record.delegation })) };
  },
};
