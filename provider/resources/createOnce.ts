import { ConnectionError } from "../client/errors";

/**
 * Creates a resource so that a lost answer does not orphan it. The API has no idempotency keys, so a POST
 * whose response never arrived may still have taken effect. The resources that `listMatching` finds
 * beforehand are noted; after a lost answer, the one new match is the created resource and is returned
 * as if the answer had arrived. No new match means nothing was created, and the error stands.
 *
 * @param what The resource in words, for the message when several candidates appeared, e.g. `pod "trainer"`.
 */
export async function createOnce<T extends { id: string }>(
  what: string,
  create: () => Promise<T>,
  listMatching: () => Promise<T[]>,
): Promise<T> {
  const before = new Set((await listMatching()).map((resource) => resource.id));
  try {
    return await create();
  } catch (error) {
    if (!(error instanceof ConnectionError)) throw error;
    const appeared = (await listMatching()).filter((resource) => !before.has(resource.id));
    if (appeared.length === 0) throw error;
    const [created] = appeared;
    if (appeared.length === 1 && created) return created;
    throw new Error(
      `${what}: the answer to the create request was lost, and meanwhile ${appeared.length} matching resources appeared ` +
        `(${appeared.map((resource) => resource.id).join(", ")}); none was taken over. ` +
        "Adopt the right one with `adopt` and delete the others.",
      { cause: error },
    );
  }
}
