import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { callerOf } from "../http/auth";
import type { EmulatorContext } from "../context";
import { ecrRegistryUri, ecrRepositoryArn } from "./ecr";
import { ownedDelegation } from "../ownership";
import { idParam, serveMethods } from "../http/routing";
import { parseBody } from "../http/validation";
import type { EcrDelegation } from "../wire";

export const createDelegationRequest = z.strictObject({
  resource: ecrRepositoryArn,
  name: z.string().nullable().default(null),
});

/** The user id that delegations of an account name as their delegator: the same for every key of the account. */
function delegatorUserId(account: string): string {
  return `user-${createHash("sha256").update(account).digest("hex").slice(0, 12)}`;
}

/**
 * `/v2/registries/delegations` and `/v2/registries/delegations/{id}`: pull access to ECR repositories. A
 * delegation is listed, created and revoked; it cannot be read alone or changed. These static paths take
 * precedence over `/v2/registries/{id}`, and no registry id is ever `delegations`.
 */
export function registerRegistryDelegationRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const { store } = context;

  serveMethods(app, "/registries/delegations", {
    /** `GET /v2/registries/delegations` (listRegistryDelegations): list the account's ECR delegations. */
    GET: async (request) => {
      const account = store.account(callerOf(request).account);
      return { delegations: [...account.delegations.values()].map((record) => ({ ...record.delegation })) };
    },

    /**
     * `POST /v2/registries/delegations` (createRegistryDelegation): delegate pull access on an ECR repository.
     * Errors: 400: invalid body, or `resource` is not an ECR repository ARN; 403: a read-only key.
     */
    POST: async (request, reply) => {
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
  });

  serveMethods(app, "/registries/delegations/:id", {
    /**
     * `DELETE /v2/registries/delegations/{id}` (deleteRegistryDelegation): revoke an ECR delegation. Errors: 403: a
     * read-only key, or the delegation belongs to another account; 404: no such delegation.
     */
    DELETE: async (request, reply) => {
      const { account, delegation } = ownedDelegation(store, callerOf(request), idParam(request));
      store.account(account).delegations.delete(delegation.id);
      return reply.code(204).send();
    },
  });
}
