import { callerOf } from "../http/auth";
import { READ_ONLY_KEY, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { parseBody } from "../http/validation";
import type { EcrDelegation } from "../wire";
import { delegatorUserId } from "./delegator";
import { DEFAULT_ECR_TAG, ECR_REPOSITORY_ARN_FORMAT, ecrRegistryUri } from "./ecr";
import { createDelegationRequest } from "./requests";

/**
 * `POST /v2/registries/delegations`: delegate pull access on an ECR repository;
 * answers 400, 403 as `spec.errors` says.
 */
export const createRegistryDelegation: Operation = {
  method: "POST",
  path: "/registries/delegations",
  spec: {
    operationId: "createRegistryDelegation",
    summary: "Delegate pull access on an ECR repository",
    description: `\`resource\` is \`${ECR_REPOSITORY_ARN_FORMAT}\`; the tag defaults to \`${DEFAULT_ECR_TAG}\`.`,
    body: "CreateEcrDelegationRequest",
    ok: { status: 201, description: "The delegation", schema: ref("EcrDelegation") },
    errors: { 400: "Invalid body, or `resource` is not an ECR repository ARN", 403: READ_ONLY_KEY },
  },
  async handle(context, request, reply) {
    const { store } = context;
    const caller = callerOf(request);
    const { resource: repository, name } = parseBody(createDelegationRequest, request.body);
    const delegation: EcrDelegation = {
      id: store.newId(),
      name,
      delegatorUserId: delegatorUserId(caller.account),
      ...repository,
      dockerRegistryUri: ecrRegistryUri(repository),
      createdAt: new Date(context.now()).toISOString(),
    };
    store.account(caller.account).delegations.set(delegation.id, { account: caller.account, delegation });
    return reply.code(201).send({ ...delegation });
  },
};
