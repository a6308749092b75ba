import type { ComputePlatformClient } from "../../client";
import { unlessNotFound } from "../unlessNotFound";

/** How long a delete waits for the pods it ends to be gone. */
const DELETE_TIMEOUT_SECONDS = 600;

/**
 * Deletes a resource (a 404 is done) and waits, through the shared poller, until the pods it ends are gone: the
 * service answers the delete at once and ends them after, so a replace would otherwise race its predecessor.
 */
export async function deleteUntilGone(client: ComputePlatformClient, remove: () => Promise<void>, pods: readonly string[]): Promise<void> {
  const deleted = await unlessNotFound(() => remove().then(() => true));
  if (!deleted) return;
  const deadline = client.clock.now() + DELETE_TIMEOUT_SECONDS * 1000;
  await Promise.all(
    pods.map((id) =>
      client.podWatcher.waitFor({
        id,
        wanted: "gone",
        until: (pod) => pod === undefined || pod.status === "TERMINATED",
        deadline,
        timeoutSeconds: DELETE_TIMEOUT_SECONDS,
      }),
    ),
  );
}
