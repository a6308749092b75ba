import { READ_ONLY_KEY } from "../http/openapiBuilders";
import { delegations } from "./collection";
import { delegatorUserId } from "./delegator";
import { DEFAULT_ECR_TAG, ECR_REPOSITORY_ARN_FORMAT, ecrRegistryUri } from "./ecr";
import { createDelegationRequest } from "./requests";

/**
 * `POST /v2/registries/delegations`: delegate pull access on an ECR repository;
 * answers 400, 403 as `errors` says.
 */
export const createRegistryDelegation = delegations.create({
  operationId: "createRegistryDelegation",
  summary: "Delegate pull access on an ECR repository",
  description: `\`resource\` is \`${ECR_REPOSITORY_ARN_FORMAT}\`; the tag defaults to \`${DEFAULT_ECR_TAG}\`.`,
  bodySchema: "CreateEcrDelegationRequest",
  body: createDelegationRequest,
  ok: "The delegation",
  errors: { 400: "Invalid body, or `resource` is not an ECR repository ARN", 403: READ_ONLY_KEY },
  make({ resource: repository, name }, context, caller) {
    const delegation = {
      id: context.store.newId(),
      name,
      delegatorUserId: delegatorUserId(caller.account),
      ...repository,
      dockerRegistryUri: ecrRegistryUri(repository),
      createdAt: new Date(context.now()).toISOString(),
    };
    return { account: caller.account, delegation };
  },
});
