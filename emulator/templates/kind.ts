import {
  arrayOf,
  boolean,
  described,
  enumOf,
  nullable,
  READ_ONLY_KEY,
  ref,
  requestSchema,
  string,
  stringMap,
  wireObject,
} from "../http/openapiBuilders";
import { TEMPLATE_CATEGORIES, type Template } from "../wire";
import { templates } from "./collection";
import { createTemplate } from "./createTemplate";
import { getTemplate } from "./getTemplate";
import { listPublicTemplates } from "./listPublicTemplates";
import { createTemplateRequest, updateTemplateRequest } from "./requests";
import { refuseWhileInUse } from "./rules";
import { updateTemplate } from "./updateTemplate";

/** Templates at `/v2/templates`, and the public catalog at `/v2/catalog/templates`. */
export const templateKind = templates.kind(
  {
    name: "Templates",
    description: "Reusable container settings for pods and serverless workers, and the public template catalog.",
  },
  [
    templates.list({ operationId: "listTemplates", summary: "List the account's templates", ok: "The templates" }),
    createTemplate,
    getTemplate,
    updateTemplate,
    templates.delete({
      operationId: "deleteTemplate",
      summary: "Delete a template",
      ok: "Deleted; no body",
      errors: {
        400: "Pods (of any account) were created from the template",
        403: `${READ_ONLY_KEY}, or a private template of another account`,
        404: "No such template, or a public template of another account",
      },
      remove(record, context, caller) {
        refuseWhileInUse(context.store, caller, record.template.id);
        templates.forget(context.store, record);
      },
    }),
    listPublicTemplates,
  ],
  {
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
);
