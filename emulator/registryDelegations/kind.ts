import { dateTime, described, nullable, requestSchema, string, wireObject } from "../http/openapiBuilders";
import { REGISTRIES_TAG } from "../registries/kind";
import type { EcrDelegation } from "../wire";
import { delegations } from "./collection";
import { createRegistryDelegation } from "./createRegistryDelegation";
import { createDelegationRequest } from "./requests";

/** Pull access delegated on ECR repositories, documented under the registries' tag. */
export const registryDelegationKind = delegations.kind(
  REGISTRIES_TAG,
  [
    delegations.list({ operationId: "listRegistryDelegations", summary: "List the account's ECR delegations", ok: "The delegations" }),
    createRegistryDelegation,
    delegations.delete({
      operationId: "deleteRegistryDelegation",
      summary: "Revoke an ECR delegation",
      description: "A delegation is never read alone or changed: list, create and revoke.",
      ok: "Revoked; no body",
    }),
  ],
  {
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
);
