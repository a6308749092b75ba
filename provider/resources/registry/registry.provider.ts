// The dynamic provider of `Registry`, derived from its declaration. Pulumi serializes this module as
// `require(<this file>)`, so it stays at this path, exports the provider methods and nothing else, and reads its
// settings only when called. There is no `update`: every field replaces the credential (see the class's TSDoc for
// why), so the engine never asks for one. Username and password are never put into a message.
import { sharedClient } from "../../sharedClient";
import { deleteUnlessPodsUse } from "../lifecycle/deleteUnlessPodsUse";
import { lifecycleOf } from "../lifecycle/lifecycle";
import { registry } from "./declaration";

export { configure } from "../../config";

export const { check, diff, create, read } = lifecycleOf(registry);

/** The service refuses while a pod uses the credential: the refusal then names the pods. */
async function deleteRegistry(id: string): Promise<void> {
  await deleteUnlessPodsUse(
    () => sharedClient().registries.delete(id),
    (pod) => pod.registry === id,
    (pods, several) => {
      const [subject, them] = several ? [`pods ${pods} use`, "them"] : [`pod ${pods} uses`, "it"];
      return (
        `registry credential ${id} cannot be deleted while ${subject} it: delete ${them} or move ${them} to another registry first` +
        " (a pod that took its registry from a template keeps it; set `registry` on the pod itself so that it moves along)"
      );
    },
  );
}
export { deleteRegistry as delete };
