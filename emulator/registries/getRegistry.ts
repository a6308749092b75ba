import { callerOf } from "../http/auth";
import { ownResource, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { ownedRegistry } from "../ownership";
import { registryId } from "./parameters";

/** `GET /v2/registries/{id}`: read a registry credential; answers 403, 404 as `spec.errors` says. */
export const getRegistry: Operation = {
  method: "GET",
  path: "/registries/{id}",
  spec: {
    operationId: "getRegistry",
    summary: "Read a registry credential",
    parameters: [registryId],
    ok: { status: 200, description: "The credential", schema: ref("Registry") },
    errors: ownResource("registry credential", "read"),
  },
  async handle(context, request) {
    const { store } = context;
    return { ...ownedRegistry(store, callerOf(request), idParam(request)).registry };
  },
};
