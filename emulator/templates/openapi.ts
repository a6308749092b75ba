import { PUBLIC_TEMPLATE_LIMIT } from "../data/publicTemplates";
import { createTemplateRequest, publicTemplatesQuery, updateTemplateRequest } from "./routes";
import { TEMPLATE_CATEGORIES, type Template } from "../wire";
import {
  arrayOf,
  boolean,
  described,
  enumOf,
  idParameter,
  listOf,
  nullable,
  operationsOf,
  queryParameters,
  READ_ONLY_KEY,
  ref,
  requestSchema,
  string,
  stringMap,
  type TagSection,
  wireObject,
} from "../http/openapiBuilders";

const tag = {
  name: "Templates",
  description: "Reusable container settings for pods and serverless workers, and the public template catalog.",
};
const operation = operationsOf(tag.name);

const templateId = idParameter("Template id");
const networkMountRefused = "`mounts.network` is given (templates mount only persistent storage), or a mount entry lacks a field";

export const templates: TagSection = {
  tag,
  schemas: {
    Template: wireObject<Template>({
      id: string,
      name: string,
      image: string,
      args: string,
      disk: { type: "integer", minimum: 1 },
      env: stringMap,
      ports: arrayOf(string),
      registry: described(
        nullable(string),
        "Id of a registry credential; null once that credential is deleted, and for other accounts' templates.",
      ),
      mounts: wireObject<Template["mounts"]>({ persistent: ref("PersistentMount") }, { persistent: true }),
      serverless: boolean,
      public: boolean,
      category: enumOf(TEMPLATE_CATEGORIES),
      startSsh: boolean,
      startJupyter: boolean,
      allowedCudaVersions: arrayOf(string),
    }),
    CreateTemplateRequest: requestSchema(createTemplateRequest),
    UpdateTemplateRequest: requestSchema(updateTemplateRequest),
  },
  paths: {
    "/v2/templates": {
      get: operation({
        operationId: "listTemplates",
        summary: "List the account's templates",
        ok: { status: 200, description: "The templates", schema: listOf("templates", "Template") },
      }),
      post: operation({
        operationId: "createTemplate",
        summary: "Create a template",
        body: "CreateTemplateRequest",
        ok: { status: 201, description: "The created template", schema: ref("Template") },
        errors: {
          400: "Invalid body, or an unknown registry",
          403: `${READ_ONLY_KEY}, or the registry belongs to another account`,
          422: networkMountRefused,
        },
      }),
    },
    "/v2/templates/{id}": {
      get: operation({
        operationId: "getTemplate",
        summary: "Read a template",
        description: "Public templates, the catalog's included, are readable with any key.",
        parameters: [templateId],
        ok: { status: 200, description: "The template", schema: ref("Template") },
        errors: { 403: "A private template of another account", 404: "No such template" },
      }),
      patch: operation({
        operationId: "updateTemplate",
        summary: "Change a template in place",
        description: "Every field changes in place. Omitting `mounts`, or sending `{}`, keeps the mount: a mount is never removed.",
        parameters: [templateId],
        body: "UpdateTemplateRequest",
        ok: { status: 200, description: "The updated template", schema: ref("Template") },
        errors: {
          400: "Invalid body, or an unknown registry",
          403: `${READ_ONLY_KEY}, or the registry or a private template belongs to another account`,
          404: "No such template, or a public template of another account",
          422: networkMountRefused,
        },
      }),
      delete: operation({
        operationId: "deleteTemplate",
        summary: "Delete a template",
        parameters: [templateId],
        ok: { status: 204, description: "Deleted; no body" },
        errors: {
          400: "Pods (of any account) were created from the template",
          403: `${READ_ONLY_KEY}, or a private template of another account`,
          404: "No such template, or a public template of another account",
        },
      }),
    },
    "/v2/catalog/templates": {
      get: operation({
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
      }),
    },
  },
};
