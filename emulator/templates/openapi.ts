import {
  arrayOf,
  boolean,
  described,
  enumOf,
  nullable,
  ref,
  requestSchema,
  string,
  stringMap,
  type TagSection,
  wireObject,
} from "../http/openapiBuilders";
import { pathsOf } from "../http/operation";
import { TEMPLATE_CATEGORIES, type Template } from "../wire";
import { TEMPLATE_OPERATIONS } from "./operations";
import { createTemplateRequest, updateTemplateRequest } from "./requests";

const tag = {
  name: "Templates",
  description: "Reusable container settings for pods and serverless workers, and the public template catalog.",
};

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
  paths: pathsOf(tag.name, TEMPLATE_OPERATIONS),
};
