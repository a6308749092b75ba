import { DEFAULT_ECR_TAG, ECR_REPOSITORY_ARN_FORMAT } from "../registryDelegations/ecr";
import { createRegistryRequest, updateRegistryRequest } from "./routes";
import { createDelegationRequest } from "../registryDelegations/routes";
import type { EcrDelegation, Registry } from "../wire";
import {
  dateTime,
  described,
  idParameter,
  listOf,
  nullable,
  operationsOf,
  ownResource,
  READ_ONLY_KEY,
  ref,
  requestSchema,
  string,
  type TagSection,
  wireObject,
} from "../http/openapiBuilders";

const tag = {
  name: "Registries",
  description: "Credentials for private container registries, and pull access delegated on ECR repositories.",
};
const operation = operationsOf(tag.name);

const registryId = idParameter("Registry credential id");

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
  paths: {
    "/v2/registries": {
      get: operation({
        operationId: "listRegistries",
        summary: "List the account's registry credentials",
        ok: { status: 200, description: "The credentials", schema: listOf("registries", "Registry") },
      }),
      post: operation({
        operationId: "createRegistry",
        summary: "Store a registry credential",
        description: "Names need not be unique.",
        body: "CreateRegistryRequest",
        ok: { status: 201, description: "The stored credential", schema: ref("Registry") },
        errors: { 400: "Invalid body", 403: READ_ONLY_KEY },
      }),
    },
    "/v2/registries/{id}": {
      get: operation({
        operationId: "getRegistry",
        summary: "Read a registry credential",
        parameters: [registryId],
        ok: { status: 200, description: "The credential", schema: ref("Registry") },
        errors: ownResource("registry credential", "read"),
      }),
      patch: operation({
        operationId: "updateRegistry",
        summary: "Rename or re-key a registry credential",
        parameters: [registryId],
        body: "UpdateRegistryRequest",
        ok: { status: 200, description: "The updated credential", schema: ref("Registry") },
        errors: { 400: "Invalid or empty body", ...ownResource("registry credential", "write") },
      }),
      delete: operation({
        operationId: "deleteRegistry",
        summary: "Delete a registry credential",
        description: "Templates that name the credential are left without one: their `registry` is set to null.",
        parameters: [registryId],
        ok: { status: 204, description: "Deleted; no body" },
        errors: { 400: "A pod or serverless endpoint of the account pulls with the credential", ...ownResource("registry credential", "write") },
      }),
    },
    "/v2/registries/delegations": {
      get: operation({
        operationId: "listRegistryDelegations",
        summary: "List the account's ECR delegations",
        ok: { status: 200, description: "The delegations", schema: listOf("delegations", "EcrDelegation") },
      }),
      post: operation({
        operationId: "createRegistryDelegation",
        summary: "Delegate pull access on an ECR repository",
        description: `\`resource\` is \`${ECR_REPOSITORY_ARN_FORMAT}\`; the tag defaults to \`${DEFAULT_ECR_TAG}\`.`,
        body: "CreateEcrDelegationRequest",
        ok: { status: 201, description: "The delegation", schema: ref("EcrDelegation") },
        errors: { 400: "Invalid body, or `resource` is not an ECR repository ARN", 403: READ_ONLY_KEY },
      }),
    },
    "/v2/registries/delegations/{id}": {
      delete: operation({
        operationId: "deleteRegistryDelegation",
        summary: "Revoke an ECR delegation",
        description: "A delegation is never read alone or changed: list, create and revoke.",
        parameters: [idParameter("Delegation id")],
        ok: { status: 204, description: "Revoked; no body" },
        errors: ownResource("delegation", "write"),
      }),
    },
  },
};
