import { callerOf } from "../http/auth";
import { READ_ONLY_KEY, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { parseBody } from "../http/validation";
import type { Registry } from "../wire";
import { createRegistryRequest } from "./requests";

/** `POST /v2/registries`: store a registry credential; answers 400, 403 as `spec.errors` says. */
export const createRegistry: Operation = {
  method: "POST",
  path: "/registries",
  spec: {
    operationId: "createRegistry",
    summary: "Store a registry credential",
    description: "Names need not be unique.",
    body: "CreateRegistryRequest",
    ok: { status: 201, description: "The stored credential", schema: ref("Registry") },
    errors: { 400: "Invalid body", 403: READ_ONLY_KEY },
  },
  async handle(context, request, reply) {
    const { store } = context;
    const caller = callerOf(request);
    const { name, username, password } = parseBody(createRegistryRequest, request.body);
    const registry: Registry = { id: store.newId(), name };
    store.account(caller.account).registries.set(registry.id, { account: caller.account, registry, username, password });
    return reply.code(201).send({ ...registry });
  },
};
