// The dynamic provider of `Template`, derived from its declaration: the provider methods and nothing else, reading its
// settings only when called. State requires it through `../template.provider`, the path the first releases recorded.
import { sharedClient } from "../../sharedClient";
import { deleteUnlessPodsUse } from "../lifecycle/deleteUnlessPodsUse";
import { lifecycleOf } from "../lifecycle/lifecycle";
import { template } from "./declaration";

export { configure } from "../../config";

export const { check, diff, create, read, update } = lifecycleOf(template);

/** The service refuses while a pod uses the template: the refusal then names the pods. */
async function deleteTemplate(id: string): Promise<void> {
  await deleteUnlessPodsUse(
    () => sharedClient().templates.delete(id),
    (pod) => pod.template === id,
    (pods, several) => {
      const [subject, them] = several ? [`pods ${pods}`, "them"] : [`pod ${pods}`, "it"];
      return `template ${id} cannot be deleted: it is still used by ${subject}. Delete ${them} or move ${them} off the template (recreate without templateId) first`;
    },
  );
}
export { deleteTemplate as delete };
