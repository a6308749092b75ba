import { READ_ONLY_KEY } from "../http/openapiBuilders";
import { checkRegistryReference } from "../registries/registryReference";
import { templates } from "./collection";
import { createTemplateRequest } from "./requests";
import { NETWORK_MOUNT_REFUSED, refuseNetworkMount } from "./rules";

/** `POST /v2/templates`: create a template; answers 400, 403, 422 as `errors` says. */
export const createTemplate = templates.create({
  operationId: "createTemplate",
  summary: "Create a template",
  bodySchema: "CreateTemplateRequest",
  body: createTemplateRequest,
  ok: "The created template",
  errors: {
    400: "Invalid body, or an unknown registry",
    403: `${READ_ONLY_KEY}, or the registry belongs to another account`,
    422: NETWORK_MOUNT_REFUSED,
  },
  screen: refuseNetworkMount,
  make(body, context, caller) {
    checkRegistryReference(context.store, caller, body.registry);
    return { account: caller.account, template: { id: context.store.newId(), ...body } };
  },
});
