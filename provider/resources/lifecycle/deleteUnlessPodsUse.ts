import { BadRequestError } from "../../client/errors";
import type { Pod } from "../pod/inputs";
import { sharedClient } from "../../sharedClient";
import { UserError } from "../../errors";
import { unlessNotFound } from "../unlessNotFound";

/**
 * Deletes a resource that pods may use (a template, a registry credential); a 404 is done. The service refuses
 * (400) while a pod uses it: the refusal then names those pods, through `refusal`, given them as `<id> (<name>)`
 * joined with commas and whether there are several.
 */
export async function deleteUnlessPodsUse(
  remove: () => Promise<void>,
  uses: (pod: Pod) => boolean,
  refusal: (pods: string, several: boolean) => string,
): Promise<void> {
  try {
    await unlessNotFound(remove);
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    const users = (await sharedClient().pods.list({ includeClusterPods: true })).filter(uses);
    if (users.length === 0) throw error;
    throw new UserError(refusal(users.map((pod) => `${pod.id} (${pod.name})`).join(", "), users.length > 1), { cause: error });
  }
}
