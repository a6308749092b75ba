// The dynamic provider of `Registry`, derived from its declaration. Pulumi serializes this module as
// `require(<this file>)`, so it stays at this path, exports the provider methods and nothing else, and reads its
// settings only when called. There is no `update`: every field replaces the credential (see the class's TSDoc for
// why), so the engine never asks for one. Username and password are never put into a message.
import { BadRequestError } from "../client/errors";
import { sharedClient } from "../sharedClient";
import { lifecycleOf } from "./lifecycle/lifecycle";
import { unlessNotFound } from "./lifecycle/notFound";
import { registry } from "./registry/declaration";
import { UserError } from "../errors";

export { configure } from "../config";

export const { check, diff, create, read } = lifecycleOf(registry);

/** The service refuses while a pod uses the credential: the refusal then names the pods. */
async function deleteRegistry(id: string): Promise<void> {
  const client = sharedClient();
  try {
    await unlessNotFound(() => client.registries.delete(id));
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    const users = (await client.pods.list({ includeClusterPods: true })).filter((pod) => pod.registry === id);
    if (users.length === 0) throw error;
    const pods = users.map((pod) => `${pod.id} (${pod.name})`).join(", ");
    const [subject, them] = users.length === 1 ? [`pod ${pods} uses`, "it"] : [`pods ${pods} use`, "them"];
    throw new UserError(
      `registry credential ${id} cannot be deleted while ${subject} it: delete ${them} or move ${them} to another registry first` +
        " (a pod that took its registry from a template keeps it; set `registry` on the pod itself so that it moves along)",
      { cause: error },
    );
  }
}
export { deleteRegistry as delete };
