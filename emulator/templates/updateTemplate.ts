import { READ_ONLY_KEY } from "../http/openapiBuilders";
import { checkRegistryReference } from "../registries/registryReference";
import { templates } from "./collection";
import { updateTemplateRequest } from "./requests";
import { NETWORK_MOUNT_REFUSED, refuseNetworkMount } from "./rules";

/** `PATCH /v2/templates/{id}`: change a template in place; answers 400, 403, 404, 422 as `errors` says. */
export const updateTemplate = templates.update({
  operationId: "updateTemplate",
  summary: "Change a template in place",
  description: "Every field changes in place. Omitting `mounts`, or sending `{}`, keeps the mount: a mount is never removed.",
  bodySchema: "UpdateTemplateRequest",
  body: updateTemplateRequest,
  ok: "The updated template",
  errors: {
    400: "Invalid body, or an unknown registry",
    403: `${READ_ONLY_KEY}, or the registry or a private template belongs to another account`,
    404: "No such template, or a public template of another account",
    422: NETWORK_MOUNT_REFUSED,
  },
  screen: refuseNetworkMount,
  apply({ template }, { mounts, ...patch }, context, caller) {
    checkRegistryReference(context.store, caller, patch.registry);
    Object.assign(template, patch);
    if (mounts?.persistent !== undefined) template.mounts = { persistent: { ...mounts.persistent } };
  },
});
