import { callerOf } from "../http/auth";
import { ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { templates } from "./collection";
import { readableTemplate } from "./publicTemplates";

/** `GET /v2/templates/{id}`: read a template; answers 403, 404 as `spec.errors` says. */
export const getTemplate: Operation = {
  method: "GET",
  path: "/templates/{id}",
  spec: {
    operationId: "getTemplate",
    summary: "Read a template",
    description: "Public templates, the catalog's included, are readable with any key.",
    parameters: templates.idParameters,
    ok: { status: 200, description: "The template", schema: ref("Template") },
    errors: { 403: "A private template of another account", 404: "No such template" },
  },
  async handle(context, request) {
    const { store } = context;
    // Public templates are readable by everyone; anything else only by its owner (403 for others).
    const caller = callerOf(request);
    const id = idParam(request);
    return readableTemplate(store, caller, id) ?? structuredClone(templates.owned(store, caller, id).template);
  },
};
