import { described, requestSchema, string, type TagSection, wireObject } from "../http/openapiBuilders";
import { pathsOf } from "../http/operation";
import type { Registry } from "../wire";
import { REGISTRY_OPERATIONS } from "./operations";
import { createRegistryRequest, updateRegistryRequest } from "./requests";

/** The tag of registry credentials and of the ECR delegations beside them. */
export const REGISTRIES_TAG = {
  name: "Registries",
  description: "Credentials for private container registries, and pull access delegated on ECR repositories.",
};

export const registries: TagSection = {
  tag: REGISTRIES_TAG,
  schemas: {
    Registry: described(wireObject<Registry>({ id: string, name: string }), "Username and password are write-only."),
    CreateRegistryRequest: requestSchema(createRegistryRequest),
    UpdateRegistryRequest: requestSchema(updateRegistryRequest),
  },
  paths: pathsOf(REGISTRIES_TAG.name, REGISTRY_OPERATIONS),
};
