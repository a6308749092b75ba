import { ownResource } from "../http/openapiBuilders";
import { Problem } from "../http/problem";
import { registries } from "./collection";

/** `DELETE /v2/registries/{id}`: delete a registry credential; answers 400, 403, 404 as `errors` says. */
export const deleteRegistry = registries.delete({
  operationId: "deleteRegistry",
  summary: "Delete a registry credential",
  description: "Templates that name the credential are left without one: their `registry` is set to null.",
  ok: "Deleted; no body",
  errors: {
    400: "A pod or serverless endpoint of the account pulls with the credential",
    ...ownResource("registry credential", "write"),
  },
  remove(record, context) {
    const { store } = context;
    // A pod pulls its image with the credential whenever it (re)starts, so pods block the delete; a template
    // only names it for pods still to come, and loses the reference.
    const { account, registry } = record;
    const state = store.account(account);
    // Pods and endpoints pull their image with it; templates only name it for what is made from them later.
    const users = [
      { kind: "pod", ids: [...state.pods.values()].filter((pod) => pod.registry === registry.id).map((pod) => pod.id) },
      {
        kind: "endpoint",
        ids: [...state.endpoints.values()].filter((endpoint) => endpoint.registry === registry.id).map((endpoint) => endpoint.id),
      },
    ].filter(({ ids }) => ids.length > 0);
    if (users.length > 0) {
      const named = users.map(({ kind, ids }) => `${ids.length === 1 ? kind : `${kind}s`} ${ids.join(", ")}`).join(" and ");
      const them = users.length === 1 && users[0]?.ids.length === 1 ? "it" : "them";
      throw new Problem(400, `Registry ${registry.id} is in use by ${named}; delete ${them} or move ${them} to another registry first`);
    }
    for (const { template } of state.templates.values()) {
      if (template.registry === registry.id) template.registry = null;
    }
    registries.forget(store, record);
  },
});
