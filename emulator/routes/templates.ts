import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { callerOf } from "../auth";
import type { EmulatorContext } from "../context";
import { ownedTemplate } from "../ownership";
import { Problem } from "../problem";
import { publicTemplates, readableTemplate, TEMPLATE_SOURCES } from "../public-templates";
import { idParam, serveMethods } from "../routing";
import { checkRegistryReference } from "../rules";
import { container, cudaVersion, persistentMount } from "../schemas";
import { parseBody, parseQuery } from "../validation";
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
  image: container.image.optional(),
  args: container.args.optional(),
  disk: container.disk.optional(),
  env: container.env.optional(),
  ports: container.ports.optional(),
  registry: container.registry.optional(),
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
    GET: async (request) => {
      const account = store.account(callerOf(request).account);
      return { templates: [...account.templates.values()].map((record) => structuredClone(record.template)) };
    },

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
    GET: async (request) => {
      const caller = callerOf(request);
      const id = idParam(request);
      return readableTemplate(store, caller, id) ?? structuredClone(ownedTemplate(store, caller, id).template);
    },

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

    // Pods record the template they came from, so the template stays until its owner's pods made from it are gone.
    DELETE: async (request, reply) => {
      const { account, template } = ownedTemplate(store, callerOf(request), idParam(request));
      const state = store.account(account);
      const users = [...state.pods.values()].filter((pod) => pod.template === template.id).map((pod) => pod.id);
      if (users.length > 0) {
        const pods = `${users.length === 1 ? "pod" : "pods"} ${users.join(", ")}`;
        throw new Problem(400, `Template ${template.id} is in use by ${pods}; delete them first`);
      }
      state.templates.delete(template.id);
      return reply.code(204).send();
    },
  });

  serveMethods(app, "/catalog/templates", {
    GET: async (request) => {
      const { source } = parseQuery(publicTemplatesQuery, request.query);
      return { templates: publicTemplates(store, callerOf(request), source) };
    },
  });
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
