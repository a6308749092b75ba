import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { callerOf } from "../http/auth";
import type { EmulatorContext } from "../context";
import { ownedRegistry } from "../ownership";
import { Problem } from "../http/problem";
import { idParam, serveMethods } from "../http/routing";
import { parseBody } from "../http/validation";
import type { Registry } from "../wire";

export const createRegistryRequest = z.strictObject({
  name: z.string().min(1),
  username: z.string().min(1),
  password: z.string().min(1),
});

export const updateRegistryRequest = createRegistryRequest.partial();

/**
 * `/v2/registries` and `/v2/registries/{id}`: container registry credentials. Username and password are
 * write-only; names need not be unique. The spec lists PATCH for these paths: it renames or re-keys a credential.
 */
export function registerRegistryRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const { store } = context;

  serveMethods(app, "/registries", {
    /** `GET /v2/registries` (listRegistries): list the account's registry credentials. */
    GET: async (request) => {
      const account = store.account(callerOf(request).account);
      return { registries: [...account.registries.values()].map((record) => ({ ...record.registry })) };
    },

    /**
     * `POST /v2/registries` (createRegistry): store a registry credential. Errors: 400: invalid body; 403: a
     * read-only key.
     */
    POST: async (request, reply) => {
      const caller = callerOf(request);
      const { name, username, password } = parseBody(createRegistryRequest, request.body);
      const registry: Registry = { id: store.newId(), name };
      store.account(caller.account).registries.set(registry.id, { account: caller.account, registry, username, password });
      return reply.code(201).send({ ...registry });
    },
  });

  serveMethods(app, "/registries/:id", {
    /**
     * `GET /v2/registries/{id}` (getRegistry): read a registry credential. Errors: 403: the registry credential
     * belongs to another account; 404: no such registry credential.
     */
    GET: async (request) => ({ ...ownedRegistry(store, callerOf(request), idParam(request)).registry }),

    /**
     * `PATCH /v2/registries/{id}` (updateRegistry): rename or re-key a registry credential. Errors: 400: invalid or
     * empty body; 403: a read-only key, or the registry credential belongs to another account; 404: no such registry
     * credential.
     */
    PATCH: async (request) => {
      const record = ownedRegistry(store, callerOf(request), idParam(request));
      const patch = parseBody(updateRegistryRequest, request.body);
      if (Object.keys(patch).length === 0) throw new Problem(400, "Send at least one of name, username or password");
      record.registry.name = patch.name ?? record.registry.name;
      record.username = patch.username ?? record.username;
      record.password = patch.password ?? record.password;
      return { ...record.registry };
    },

    // A pod pulls its image with the credential whenever it (re)starts, so pods block the delete; a template
    // only names it for pods still to come, and loses the reference.
    /**
     * `DELETE /v2/registries/{id}` (deleteRegistry): delete a registry credential. Errors: 400: a pod or serverless
     * endpoint of the account pulls with the credential; 403: a read-only key, or the registry credential belongs to
     * another account; 404: no such registry credential.
     */
    DELETE: async (request, reply) => {
      const { account, registry } = ownedRegistry(store, callerOf(request), idParam(request));
      const state = store.account(account);
      // Pods and endpoints pull their image with it; templates only name it for what is made from them later.
      const users = [
        { kind: "pod", ids: [...state.pods.values()].filter((pod) => pod.registry === registry.id).map((pod) => pod.id) },
        {
          kind: "endpoint",
          ids: [...state.endpoints.values()].filter((endpoint) => endpoint.registry === registry.id).map((endpoint) => endpoint.id),
        },
      ].filter(({ ids }) => ids.length > 0);
      if (users.length > 0) {
        const named = users.map(({ kind, ids }) => `${ids.length === 1 ? kind : `${kind}s`} ${ids.join(", ")}`).join(" and ");
        const them = users.length === 1 && users[0]?.ids.length === 1 ? "it" : "them";
        throw new Problem(400, `Registry ${registry.id} is in use by ${named}; delete ${them} or move ${them} to another registry first`);
      }
      for (const { template } of state.templates.values()) {
        if (template.registry === registry.id) template.registry = null;
      }
      state.registries.delete(registry.id);
      return reply.code(204).send();
    },
  });
}
