import type { ComputePlatformClient } from "../../client";
import type { Clock } from "../../client/clock";
import { ConnectionError, ResponseShapeError, ServerError } from "../../client/errors";
import { messageOf } from "../../messageOf";
import { createRequest, labelOf, madeFrom } from "./createRequest";
import type { AnyDeclaration, LiveResource } from "./declaration";
import { kindApi } from "./kindApi";

/** What {@link createOnce} needs to create one resource and to find it again. */
export interface CreateOnceOptions<T extends { id: string }> {
  /**
   * The resource's kind and name, e.g. `pod "trainer"`: messages name it, and creates with the same `what`
   * running at once count as look-alikes.
   */
  what: string;
  /**
   * Where resources of this kind are listed, e.g. `client.pods`. The same object for every create of the kind
   * in this process: what it listed before the first of them is remembered as not made by any of them.
   */
  source: { list(): Promise<T[]> };
  /** Sends the create request once. */
  create: () => Promise<T>;
  /** Whether a listed resource is one that this create request would have made. */
  matches: (resource: T) => boolean;
  /** Sleeps between sends. */
  clock: Clock;
}

/** Sends of one create request in all, before the last failure stands. */
export const MAX_CREATE_SENDS = 4;
/** Pause before the first re-send, doubled for each further one. */
const RESEND_BASE_DELAY_MS = 1000;

// Ids that a create in this process has returned, and look-alike creates still waiting for their answer.
const claimedIds = new Set<string>();
const pendingCreates = new Map<string, number>();
// Per source, the ids it listed before the first create from it in this process: none of them was made here.
const existedBefore = new WeakMap<object, Promise<ReadonlySet<string>>>();

/**
 * Creates a resource so that a request whose fate is unknown neither fails the deployment nor makes a second
 * resource. The API has no idempotency keys, so a POST that was cut off (connection dropped or reset, answer
 * lost or garbled) or answered with a 5xx may or may not have taken effect. Then the resources that `matches`
 * are listed: the one that is new (not listed before this process first created from `source`) and that no
 * other create in this process returned is the created resource, and is returned as if the answer had arrived.
 * None means nothing was made, and the request is sent again, up to {@link MAX_CREATE_SENDS} sends in all.
 * When a look-alike create is still waiting for its own answer, or several new matches appeared, the new match
 * could be either's, so nothing is taken over and the error names them.
 *
 * Listing what exists costs one request per kind and provider process, not one per create: the quota is shared.
 */
export async function createOnce<T extends { id: string }>(options: CreateOnceOptions<T>): Promise<T> {
  const { what, source, create, matches, clock } = options;
  const before = existingIds(source);
  await before;
  pendingCreates.set(what, (pendingCreates.get(what) ?? 0) + 1);
  try {
    for (let send = 1; ; send++) {
      try {
        const created = await create();
        claimedIds.add(created.id);
        return created;
      } catch (error) {
        if (!fateUnknown(error)) throw error;
        const known = await before;
        const appeared = (await listAfter(what, source, error)).filter(
          (resource) => matches(resource) && !known.has(resource.id) && !claimedIds.has(resource.id),
        );
        const [created] = appeared;
        if (created && appeared.length === 1 && pendingCreates.get(what) === 1) {
          claimedIds.add(created.id);
          return created;
        }
        if (appeared.length > 0) throw ambiguous(what, appeared, error);
        // A garbled 2xx answer did take effect; if nothing new can be found, sending again could only duplicate it.
        if (error instanceof ResponseShapeError) throw error;
        if (send >= MAX_CREATE_SENDS) throw gaveUp(what, error);
        await clock.sleep(RESEND_BASE_DELAY_MS * 2 ** (send - 1));
      }
    }
  } finally {
    const pending = (pendingCreates.get(what) ?? 1) - 1;
    if (pending === 0) pendingCreates.delete(what);
    else pendingCreates.set(what, pending);
  }
}

/** The resource the create request for `sent` makes, sent once: {@link createOnce} for a declared kind. */
export function createdOnce(declaration: AnyDeclaration, client: ComputePlatformClient, sent: object): Promise<LiveResource> {
  const api = kindApi(declaration, client);
  return createOnce({
    what: labelOf(declaration, sent),
    source: api,
    create: () => api.create(createRequest(declaration, sent)),
    matches: madeFrom(declaration, sent),
    clock: client.clock,
  });
}

/** Failures after which the create may or may not have taken effect. */
function fateUnknown(error: unknown): boolean {
  return error instanceof ConnectionError || error instanceof ResponseShapeError || error instanceof ServerError;
}

function existingIds(source: CreateOnceOptions<{ id: string }>["source"]): Promise<ReadonlySet<string>> {
  let ids = existedBefore.get(source);
  if (ids === undefined) {
    ids = source.list().then((resources) => new Set(resources.map((resource) => resource.id)));
    // A failed listing is not remembered: the next create lists again.
    ids.catch(() => existedBefore.delete(source));
    existedBefore.set(source, ids);
  }
  return ids;
}

async function listAfter<T>(what: string, source: { list(): Promise<T[]> }, cause: unknown): Promise<T[]> {
  try {
    return await source.list();
  } catch (listError) {
    throw new Error(
      `${what}: the create request failed with a fault that leaves its outcome unknown (${messageOf(cause)}), and listing to find ` +
        `out whether it took effect failed too (${messageOf(listError)}). Run \`pulumi refresh\`, then look for the resource ` +
        "before the next `up`: adopt it with `adopt` if it exists.",
      { cause },
    );
  }
}

function ambiguous(what: string, appeared: ReadonlyArray<{ id: string }>, cause: unknown): Error {
  return new Error(
    `${what}: the create request failed with a fault that leaves its outcome unknown (${messageOf(cause)}), and ${appeared.length} ` +
      `matching resource(s) appeared meanwhile (${appeared.map((resource) => resource.id).join(", ")}), so it cannot tell which ` +
      "one it made; none was taken over. Adopt the right one with `adopt` and delete the others.",
    { cause },
  );
}

function gaveUp(what: string, cause: unknown): Error {
  return new Error(
    `${what}: the create request was sent ${MAX_CREATE_SENDS} times and failed each time; none of them took effect. Last failure: ${messageOf(cause)}`,
    { cause },
  );
}
