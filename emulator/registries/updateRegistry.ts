import { ownResource } from "../http/openapiBuilders";
import { Problem } from "../http/problem";
import { registries } from "./collection";
import { updateRegistryRequest } from "./requests";

/** `PATCH /v2/registries/{id}`: rename or re-key a registry credential; answers 400, 403, 404 as `errors` says. */
export const updateRegistry = registries.update({
  operationId: "updateRegistry",
  summary: "Rename or re-key a registry credential",
  bodySchema: "UpdateRegistryRequest",
  body: updateRegistryRequest,
  ok: "The updated credential",
  errors: { 400: "Invalid or empty body", ...ownResource("registry credential", "write") },
  apply(record, patch) {
    if (Object.keys(patch).length === 0) throw new Problem(400, "Send at least one of name, username or password");
    record.registry.name = patch.name ?? record.registry.name;
    record.username = patch.username ?? record.username;
    record.password = patch.password ?? record.password;
  },
});
