import { dateTime, described, nullable, requestSchema, string, type TagSection, wireObject } from "../http/openapiBuilders";
import { pathsOf } from "../http/operation";
import { DELEGATION_OPERATIONS } from "../registryDelegations/operations";
import { createDelegationRequest } from "../registryDelegations/requests";
import type { EcrDelegation, Registry } from "../wire";
import { REGISTRY_OPERATIONS } from "./operations";
import { createRegistryRequest, updateRegistryRequest } from "./requests";

const tag = {
  name: "Registries",
  description: "Credentials for private container registries, and pull access delegated on ECR repositories.",
};

export const registries: TagSection = {
  tag,
  schemas: {
    Registry: described(wireObject<Registry>({ id: string, name: string }), "Username and password are write-only."),
    CreateRegistryRequest: requestSchema(createRegistryRequest),
    UpdateRegistryRequest: requestSchema(updateRegistryRequest),
    EcrDelegation: wireObject<EcrDelegation>({
      id: string,
      name: nullable(string),
      delegatorUserId: described(string, "The same for every key of the account."),
      awsUser: described(string, "The 12-digit AWS account id of the repository."),
      repository: string,
      tag: string,
      awsRegion: string,
      dockerRegistryUri: described(string, "Where pods pull the repository's images from."),
      createdAt: dateTime,
    }),
    CreateEcrDelegationRequest: requestSchema(createDelegationRequest),
  },
  paths: pathsOf(tag.name, [...REGISTRY_OPERATIONS, ...DELEGATION_OPERATIONS]),
};
