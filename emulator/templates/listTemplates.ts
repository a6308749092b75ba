import { callerOf } from "../http/auth";
import { listOf } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";

/** `GET /v2/templates`: list the account's templates. */
export const listTemplates: Operation = {
  method: "GET",
  path: "/templates",
  spec: {
    operationId: "listTemplates",
    summary: "List the account's templates",
    ok: { status: 200, description: "The templates", schema: listOf("templates", "Template") },
  },
  async handle(context, request) {
    const { store } = context;
    const account = store.account(callerOf(request).account);
    return { templates: [...account.templates.values()].map((record) => structuredClone(record.template)) };
  },
};
