// The dynamic provider of `Template`, derived from its declaration. Pulumi serializes this module as
// `require(<this file>)`, so it stays at this path, exports the provider methods and nothing else, and reads its
// settings only when called.
import { BadRequestError } from "../client/errors";
import { sharedClient } from "../sharedClient";
import { lifecycleOf } from "./lifecycle/lifecycle";
import { unlessNotFound } from "./lifecycle/notFound";
import { template } from "./template/declaration";
import { UserError } from "../errors";

export { configure } from "../config";

export const { check, diff, create, read, update } = lifecycleOf(template);

/** The service refuses while a pod uses the template: the refusal then names the pods. */
async function deleteTemplate(id: string): Promise<void> {
  const client = sharedClient();
  try {
    await unlessNotFound(() => client.templates.delete(id));
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    const users = (await client.pods.list({ includeClusterPods: true })).filter((pod) => pod.template === id);
    if (users.length === 0) throw error;
    const pods = users.map((pod) => `${pod.id} (${pod.name})`).join(", ");
    const [subject, them] = users.length === 1 ? [`pod ${pods}`, "it"] : [`pods ${pods}`, "them"];
    throw new UserError(
      `template ${id} cannot be deleted: it is still used by ${subject}. Delete ${them} or move ${them} off the ` +
        "template (recreate without templateId) first",
      { cause: error },
    );
  }
}
export { deleteTemplate as delete };
