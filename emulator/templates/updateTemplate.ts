import { callerOf } from "../http/auth";
import { READ_ONLY_KEY, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { parseBody } from "../http/validation";
import { ownedTemplate } from "../ownership";
import { checkRegistryReference } from "../registries/registryReference";
import { networkMountRefused, templateId } from "./parameters";
import { updateTemplateRequest } from "./requests";
import { refuseNetworkMount } from "./rules";

/** `PATCH /v2/templates/{id}`: change a template in place; answers 400, 403, 404, 422 as `spec.errors` says. */
export const updateTemplate: Operation = {
  method: "PATCH",
  path: "/templates/{id}",
  spec: {
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
  },
  async handle(context, request) {
    const { store } = context;
    const caller = callerOf(request);
    const { template } = ownedTemplate(store, caller, idParam(request));
    refuseNetworkMount(request.body);
    const { mounts, ...patch } = parseBody(updateTemplateRequest, request.body);
    checkRegistryReference(store, caller, patch.registry);
    Object.assign(template, patch);
    if (mounts?.persistent !== undefined) template.mounts = { persistent: { ...mounts.persistent } };
    return structuredClone(template);
  },
};
