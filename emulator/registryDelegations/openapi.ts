import { dateTime, described, nullable, requestSchema, string, type TagSection, wireObject } from "../http/openapiBuilders";
import { pathsOf } from "../http/operation";
import { REGISTRIES_TAG } from "../registries/kind";
import type { EcrDelegation } from "../wire";
import { DELEGATION_OPERATIONS } from "./operations";
import { createDelegationRequest } from "./requests";

/** ECR delegations, documented under the registries' tag. */
export const registryDelegations: TagSection = {
  tag: REGISTRIES_TAG,
  schemas: {
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
  paths: pathsOf(REGISTRIES_TAG.name, DELEGATION_OPERATIONS),
};
