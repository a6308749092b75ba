import { PUBLIC_TEMPLATE_LIMIT } from "../data/publicTemplates";
import { callerOf } from "../http/auth";
import { listOf, queryParameters } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { parseQuery } from "../http/validation";
import { publicTemplates } from "./publicTemplates";
import { publicTemplatesQuery } from "./requests";

/** `GET /v2/catalog/templates`: list public templates; answers 400 as `spec.errors` says. */
export const listPublicTemplates: Operation = {
  method: "GET",
  path: "/catalog/templates",
  spec: {
    operationId: "listPublicTemplates",
    summary: "List public templates",
    description:
      `One slice of the public catalog, at most ${PUBLIC_TEMPLATE_LIMIT} templates, no pagination. ` +
      "`community` also lists the templates other accounts made public.",
    parameters: queryParameters(publicTemplatesQuery, {
      source: { description: "Curated (`official`), verified community, or any other shared template" },
    }),
    ok: { status: 200, description: "The public templates", schema: listOf("templates", "Template") },
    errors: { 400: "Unknown source" },
  },
  async handle(context, request) {
    const { store } = context;
    const { source } = parseQuery(publicTemplatesQuery, request.query);
    return { templates: publicTemplates(store, callerOf(request), source) };
  },
};
