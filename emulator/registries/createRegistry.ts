import { READ_ONLY_KEY } from "../http/openapiBuilders";
import { registries } from "./collection";
import { createRegistryRequest } from "./requests";

/** `POST /v2/registries`: store a registry credential; answers 400, 403 as `errors` says. */
export const createRegistry = registries.create({
  operationId: "createRegistry",
  summary: "Store a registry credential",
  description: "Names need not be unique.",
  bodySchema: "CreateRegistryRequest",
  body: createRegistryRequest,
  ok: "The stored credential",
  errors: { 400: "Invalid body", 403: READ_ONLY_KEY },
  make({ name, username, password }, context, caller) {
    return { account: caller.account, registry: { id: context.store.newId(), name }, username, password };
  },
});
