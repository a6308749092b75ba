import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type Caller, callerOf } from "../http/auth";
import type { EmulatorContext } from "../context";
import { ownedTemplate } from "../ownership";
import { Problem } from "../http/problem";
import { TEMPLATE_SOURCES } from "../data/publicTemplates";
import { publicTemplates, readableTemplate } from "./publicTemplates";
import { idParam, serveMethods } from "../http/routing";
import { checkRegistryReference } from "../registries/registryReference";
import { container, cudaVersion, optionalContainer, persistentMount } from "../schemas";
import type { Store } from "../store";
import { parseBody, parseQuery } from "../http/validation";
import { TEMPLATE_CATEGORIES, type Template } from "../wire";

/** Templates mount only persistent storage; `network` is refused before validation, with 422. */
const templateMounts = z.strictObject({ persistent: persistentMount.optional() });

export const createTemplateRequest = z.strictObject({
  name: z.string().min(1),
  image: container.image,
  args: container.args.default(""),
  disk: container.disk.default(20),
  env: container.env.default({}),
  ports: container.ports.default([]),
  registry: container.registry.default(null),
  mounts: templateMounts.default({}),
  public: z.boolean().default(false),
  serverless: z.boolean().default(false),
  category: z.enum(TEMPLATE_CATEGORIES).default("NVIDIA"),
  startSsh: z.boolean().default(true),
  startJupyter: z.boolean().default(true),
  allowedCudaVersions: z.array(cudaVersion).default([]),
});

/** Every field changes in place; `mounts` omitted or `{}` leaves the mount as it is, so a mount is never removed. */
export const updateTemplateRequest = z.strictObject({
  name: z.string().min(1).optional(),
  ...optionalContainer,
  mounts: templateMounts.optional(),
  public: z.boolean().optional(),
  serverless: z.boolean().optional(),
  category: z.enum(TEMPLATE_CATEGORIES).optional(),
  startSsh: z.boolean().optional(),
  startJupyter: z.boolean().optional(),
  allowedCudaVersions: z.array(cudaVersion).optional(),
});

export const publicTemplatesQuery = z.object({ source: z.enum(TEMPLATE_SOURCES).default("official") });

/** `/v2/templates`, `/v2/templates/{id}` and the public catalog at `/v2/catalog/templates`. */
export function registerTemplateRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const { store } = context;

  serveMethods(app, "/templates", {
    /** `GET /v2/templates` (listTemplates): list the account's templates. */
    GET: async (request) => {
      const account = store.account(callerOf(request).account);
      return { templates: [...account.templates.values()].map((record) => structuredClone(record.template)) };
    },

    /**
     * `POST /v2/templates` (createTemplate): create a template. Errors: 400: invalid body, or an unknown registry;
     * 403: a read-only key, or the registry belongs to another account; 422: `mounts.network` is given (templates
     * mount only persistent storage), or a mount entry lacks a field.
     */
    POST: async (request, reply) => {
      const caller = callerOf(request);
      refuseNetworkMount(request.body);
      const body = parseBody(createTemplateRequest, request.body);
      checkRegistryReference(store, caller, body.registry);
      const template: Template = { id: store.newId(), ...body };
      store.account(caller.account).templates.set(template.id, { account: caller.account, template });
      return reply.code(201).send(structuredClone(template));
    },
  });

  serveMethods(app, "/templates/:id", {
    // Public templates are readable by everyone; anything else only by its owner (403 for others).
    /**
     * `GET /v2/templates/{id}` (getTemplate): read a template. Errors: 403: a private template of another account;
     * 404: no such template.
     */
    GET: async (request) => {
      const caller = callerOf(request);
      const id = idParam(request);
      return readableTemplate(store, caller, id) ?? structuredClone(ownedTemplate(store, caller, id).template);
    },

    /**
     * `PATCH /v2/templates/{id}` (updateTemplate): change a template in place. Errors: 400: invalid body, or an
     * unknown registry; 403: a read-only key, or the registry or a private template belongs to another account; 404:
     * no such template, or a public template of another account; 422: `mounts.network` is given (templates mount only
     * persistent storage), or a mount entry lacks a field.
     */
    PATCH: async (request) => {
      const caller = callerOf(request);
      const { template } = ownedTemplate(store, caller, idParam(request));
      refuseNetworkMount(request.body);
      const { mounts, ...patch } = parseBody(updateTemplateRequest, request.body);
      checkRegistryReference(store, caller, patch.registry);
      Object.assign(template, patch);
      if (mounts?.persistent !== undefined) template.mounts = { persistent: { ...mounts.persistent } };
      return structuredClone(template);
    },

    /**
     * `DELETE /v2/templates/{id}` (deleteTemplate): delete a template. Errors: 400: pods (of any account) were
     * created from the template; 403: a read-only key, or a private template of another account; 404: no such
     * template, or a public template of another account.
     */
    DELETE: async (request, reply) => {
      const caller = callerOf(request);
      const { template } = ownedTemplate(store, caller, idParam(request));
      refuseWhileInUse(store, caller, template.id);
      store.account(caller.account).templates.delete(template.id);
      return reply.code(204).send();
    },
  });

  serveMethods(app, "/catalog/templates", {
    /** `GET /v2/catalog/templates` (listPublicTemplates): list public templates. Errors: 400: unknown source. */
    GET: async (request) => {
      const { source } = parseQuery(publicTemplatesQuery, request.query);
      return { templates: publicTemplates(store, callerOf(request), source) };
    },
  });
}

/**
 * Pods and endpoints record the template they came from, so a template stays while any of them exists, whichever
 * account owns it (a public template serves every account). Other accounts' users are counted, never named.
 */
function refuseWhileInUse(store: Store, caller: Caller, templateId: string): void {
  const users = store.allAccounts().flatMap((account) => [
    ...[...account.pods.values()].filter((pod) => pod.template === templateId).map((pod) => ({ kind: "pod", ...pod })),
    ...[...account.endpoints.values()]
      .filter((endpoint) => endpoint.templateId === templateId)
      .map((endpoint) => ({ kind: "endpoint", ...endpoint })),
  ]);
  if (users.length === 0) return;
  const kinds = ["pod", "endpoint"] as const;
  const own = (kind: string) => users.filter((user) => user.kind === kind && user.account === caller.account);
  const named = kinds.flatMap((kind) => {
    const ids = own(kind).map((user) => user.id);
    return ids.length === 0 ? [] : [`${ids.length === 1 ? kind : `${kind}s`} ${ids.join(", ")}`];
  });
  const foreignOf = (kind: string) => users.filter((user) => user.kind === kind).length - own(kind).length;
  const counted = kinds.flatMap((kind) => {
    const foreign = foreignOf(kind);
    if (foreign === 0) return [];
    return [foreign === 1 ? `1 ${kind} of another account` : `${foreign} ${kind}s of other accounts`];
  });
  const foreign = kinds.reduce((total, kind) => total + foreignOf(kind), 0);
  // The caller can delete only its own pods and endpoints, so it is told to do so only when every user is its own.
  const next = foreign === 0 ? "delete them first" : "it can be deleted once they are gone";
  throw new Problem(400, `Template ${templateId} is in use by ${[...named, ...counted].join(" and ")}; ${next}`);
}

/** A template mounts only persistent storage: a `network` mount is refused with 422. */
function refuseNetworkMount(body: unknown): void {
  const mounts = isObject(body) ? body.mounts : undefined;
  if (isObject(mounts) && mounts.network !== undefined) {
    throw new Problem(422, "Templates mount only persistent storage; mounts.network is not allowed on a template");
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
