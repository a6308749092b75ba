import { ConnectionError, ResponseShapeError } from "../client/errors";

// Ids that a create in this process has returned, and look-alike creates still waiting for their answer.
const claimedIds = new Set<string>();
const pendingCreates = new Map<string, number>();

/**
 * Creates a resource so that a lost answer does not orphan it. The API has no idempotency keys, so a POST
 * whose response never arrived (or arrived garbled) may still have taken effect. The resources that
 * `listMatching` finds beforehand are noted; after a lost answer, the one new match that no other create
 * in this process returned is the created resource, and is returned as if the answer had arrived. No new
 * match means nothing was created, and the error stands. When a look-alike create is still waiting for
 * its own answer, the new match could be either's, so nothing is taken over.
 *
 * @param what The resource's kind and name, e.g. `pod "trainer"`: the message names it, and creates with the
 *   same `what` running at once count as look-alikes.
 * @param listMatching Lists the resources that look like the one being created.
 */
export async function createOnce<T extends { id: string }>(
  what: string,
  create: () => Promise<T>,
  listMatching: () => Promise<T[]>,
): Promise<T> {
  const before = new Set((await listMatching()).map((resource) => resource.id));
  pendingCreates.set(what, (pendingCreates.get(what) ?? 0) + 1);
  try {
    const created = await create();
    claimedIds.add(created.id);
    return created;
  } catch (error) {
    if (!(error instanceof ConnectionError || error instanceof ResponseShapeError)) throw error;
    const appeared = (await listMatching()).filter((resource) => !before.has(resource.id) && !claimedIds.has(resource.id));
    if (appeared.length === 0) throw error;
    const [created] = appeared;
    if (appeared.length === 1 && created && pendingCreates.get(what) === 1) {
      claimedIds.add(created.id);
      return created;
    }
    throw new Error(
      `${what}: the answer to the create request was lost, and ${appeared.length} matching resource(s) appeared meanwhile ` +
        `(${appeared.map((resource) => resource.id).join(", ")}), so it cannot tell which one it made; none was taken over. ` +
        "Adopt the right one with `adopt` and delete the others.",
      { cause: error },
    );
  } finally {
    const pending = (pendingCreates.get(what) ?? 1) - 1;
    if (pending === 0) pendingCreates.delete(what);
    else pendingCreates.set(what, pending);
  }
}
