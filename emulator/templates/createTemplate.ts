import { callerOf } from "../http/auth";
import { READ_ONLY_KEY, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { parseBody } from "../http/validation";
import { checkRegistryReference } from "../registries/registryReference";
import type { Template } from "../wire";
import { networkMountRefused } from "./parameters";
import { createTemplateRequest } from "./requests";
import { refuseNetworkMount } from "./rules";

/** `POST /v2/templates`: create a template; answers 400, 403, 422 as `spec.errors` says. */
export const createTemplate: Operation = {
  method: "POST",
  path: "/templates",
  spec: {
    operationId: "createTemplate",
    summary: "Create a template",
    body: "CreateTemplateRequest",
    ok: { status: 201, description: "The created template", schema: ref("Template") },
    errors: {
      400: "Invalid body, or an unknown registry",
      403: `${READ_ONLY_KEY}, or the registry belongs to another account`,
      422: networkMountRefused,
    },
  },
  async handle(context, request, reply) {
    const { store } = context;
    const caller = callerOf(request);
    refuseNetworkMount(request.body);
    const body = parseBody(createTemplateRequest, request.body);
    checkRegistryReference(store, caller, body.registry);
    const template: Template = { id: store.newId(), ...body };
    store.account(caller.account).templates.set(template.id, { account: caller.account, template });
    return reply.code(201).send(structuredClone(template));
  },
};
