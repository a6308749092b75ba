import { callerOf } from "../http/auth";
import { ownResource, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { idParam } from "../http/routing";
import { parseBody } from "../http/validation";
import { ownedRegistry } from "../ownership";
import { registryId } from "./parameters";
import { updateRegistryRequest } from "./requests";

/** `PATCH /v2/registries/{id}`: rename or re-key a registry credential; answers 400, 403, 404 as `spec.errors` says. */
export const updateRegistry: Operation = {
  method: "PATCH",
  path: "/registries/{id}",
  spec: {
    operationId: "updateRegistry",
    summary: "Rename or re-key a registry credential",
    parameters: [registryId],
    body: "UpdateRegistryRequest",
    ok: { status: 200, description: "The updated credential", schema: ref("Registry") },
    errors: { 400: "Invalid or empty body", ...ownResource("registry credential", "write") },
  },
  async handle(context, request) {
    const { store } = context;
    const record = ownedRegistry(store, callerOf(request), idParam(request));
    const patch = parseBody(updateRegistryRequest, request.body);
    if (Object.keys(patch).length === 0) throw new Problem(400, "Send at least one of name, username or password");
    record.registry.name = patch.name ?? record.registry.name;
    record.username = patch.username ?? record.username;
    record.password = patch.password ?? record.password;
    return { ...record.registry };
  },
};
