import { callerOf } from "../http/auth";
import { READ_ONLY_KEY } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { ownedTemplate } from "../ownership";
import { templateId } from "./parameters";
import { refuseWhileInUse } from "./rules";

/** `DELETE /v2/templates/{id}`: delete a template; answers 400, 403, 404 as `spec.errors` says. */
export const deleteTemplate: Operation = {
  method: "DELETE",
  path: "/templates/{id}",
  spec: {
    operationId: "deleteTemplate",
    summary: "Delete a template",
    parameters: [templateId],
    ok: { status: 204, description: "Deleted; no body" },
    errors: {
      400: "Pods (of any account) were created from the template",
      403: `${READ_ONLY_KEY}, or a private template of another account`,
      404: "No such template, or a public template of another account",
    },
  },
  async handle(context, request, reply) {
    const { store } = context;
    const caller = callerOf(request);
    const { template } = ownedTemplate(store, caller, idParam(request));
    refuseWhileInUse(store, caller, template.id);
    store.account(caller.account).templates.delete(template.id);
    return reply.code(204).send();
  },
};
