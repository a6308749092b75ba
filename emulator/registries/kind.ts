import { described, requestSchema, string, wireObject } from "../http/openapiBuilders";
import type { Registry } from "../wire";
import { registries } from "./collection";
import { createRegistry } from "./createRegistry";
import { deleteRegistry } from "./deleteRegistry";
import { createRegistryRequest, updateRegistryRequest } from "./requests";
import { updateRegistry } from "./updateRegistry";

/** The tag of registry credentials and of the ECR delegations beside them. */
export const REGISTRIES_TAG = {
  name: "Registries",
  description: "Credentials for private container registries, and pull access delegated on ECR repositories.",
};

/** Container registry credentials: username and password are write-only; names need not be unique. */
export const registryKind = registries.kind(
  REGISTRIES_TAG,
  [
    registries.list({ operationId: "listRegistries", summary: "List the account's registry credentials", ok: "The credentials" }),
    createRegistry,
    registries.get({ operationId: "getRegistry", summary: "Read a registry credential", ok: "The credential" }),
    updateRegistry,
    deleteRegistry,
  ],
  {
    Registry: described(wireObject<Registry>({ id: string, name: string }), "Username and password are write-only."),
    CreateRegistryRequest: requestSchema(createRegistryRequest),
    UpdateRegistryRequest: requestSchema(updateRegistryRequest),
  },
);
