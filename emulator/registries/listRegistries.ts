import { callerOf } from "../http/auth";
import { listOf } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";

/** `GET /v2/registries`: list the account's registry credentials. */
export const listRegistries: Operation = {
  method: "GET",
  path: "/registries",
  spec: {
    operationId: "listRegistries",
    summary: "List the account's registry credentials",
    ok: { status: 200, description: "The credentials", schema: listOf("registries", "Registry") },
  },
  async handle(context, request) {
    const { store } = context;
    const account = store.account(callerOf(request).account);
    return { registries: [...account.registries.values()].map((record) => ({ ...record.registry })) };
  },
};
