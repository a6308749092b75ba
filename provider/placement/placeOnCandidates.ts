import type { ComputePlatformClient } from "../client";
import { budgetIntervalMs } from "../client/ratelimit";
import { ComputePlatformError, UserError } from "../errors";
import type { Cloud, GpuProduct, GpuType } from "../wire/catalog";
import type { CheckedPlacementInputs } from "./placementInputs";
import { availabilityBoard } from "./availabilityBoard";
import { isCapacityError } from "./capacityError";
import { describeConfiguration, type GpuConfiguration, orderedCandidates, type ScreenedCandidate, screenCandidates } from "./candidates";
import { engineLog } from "../engineLog";

/**
 * Share of each rate-limit window that waiting for capacity may use, beside the pod poller's fifth: one
 * availability read every 20 s at 60 requests a minute.
 */
export const CAPACITY_POLLING_SHARE = 0.05;
/** The first pause when the server announced no quota to take a share of, in ms. */
export const FIRST_CAPACITY_CHECK_MS = 15_000;
/** The shortest pause between two availability reads, in ms, however large the quota. */
export const MIN_CAPACITY_CHECK_MS = 1000;
/** The longest pause between two availability reads, in ms, unless the quota's share is longer. */
export const MAX_CAPACITY_CHECK_MS = 60_000;

/**
 * The pause before the next availability read: `budgetMs`, the wait's share of the quota the server announced (at
 * least {@link MIN_CAPACITY_CHECK_MS}; {@link FIRST_CAPACITY_CHECK_MS} when it announced none), doubled for each
 * read so far up to {@link MAX_CAPACITY_CHECK_MS}, and never shorter than `budgetMs`.
 * @example capacityCheckDelayMs(1, 20_000) // 40_000
 */
export function capacityCheckDelayMs(reads: number, budgetMs: number): number {
  const first = budgetMs > 0 ? Math.max(MIN_CAPACITY_CHECK_MS, budgetMs) : FIRST_CAPACITY_CHECK_MS;
  return Math.max(budgetMs, Math.min(MAX_CAPACITY_CHECK_MS, first * 2 ** reads));
}

/** What screening one resource's candidates needs. */
export interface PlacementScope {
  /** The resource as messages name it, e.g. `pod "trainer"`. */
  what: string;
  product: GpuProduct;
  cloud: Cloud;
  /** The configuration asked for first. */
  gpu: GpuConfiguration;
  placement: CheckedPlacementInputs | undefined;
  /** The acceptable data centers, as checked: undefined for any. */
  acceptableDataCenters?: readonly string[];
  /** USD per hour for the whole resource: dearer candidates are skipped. */
  maxHourlyPrice?: number;
  /** How many of a candidate the resource runs at once (a cluster's members), for its price. @default 1 */
  instances?: number;
}

/** What placing one resource needs. */
export interface PlacementRequest<Created> extends PlacementScope {
  /** Epoch ms after which waiting for capacity gives up: the resource's own deadline. */
  deadline: number;
  /** The deadline as the resource set it, in seconds, for messages. */
  timeoutSeconds: number;
  /** Creates the resource on one candidate (through `createOnce`, so that a lost answer is found again). */
  create(candidate: GpuConfiguration): Promise<Created>;
}

/** No candidate got capacity before the resource's deadline. */
export class CapacityTimeoutError extends ComputePlatformError {
  override readonly name = "CapacityTimeoutError";
}

/**
 * Creates the resource on the first candidate that has capacity. One availability read (shared by every resource
 * of the process) screens the candidates: those not offered in an acceptable data center, or priced above the
 * cap, are never tried, and those showing NONE everywhere acceptable wait. The others are created in order; a
 * capacity error moves to the next at once, and a candidate is not sent again until a later read shows it free.
 * When every candidate is short, it waits: it reads availability again (never creates), backing off within its
 * share of the quota, until one frees up or the deadline passes, saying so in the engine's log at each wait.
 * @throws UserError when no candidate is offered at all (waiting cannot help), before any create.
 * @throws CapacityTimeoutError at the deadline, naming every candidate and what it was short of.
 */
export async function placeOnCandidates<Created>(
  client: ComputePlatformClient,
  request: PlacementRequest<Created>,
): Promise<{ created: Created; candidate: GpuConfiguration }> {
  const { what, product, cloud, deadline } = request;
  const board = availabilityBoard(client);
  let read = await board.current(product, cloud);
  for (let reads = 0; ; reads++) {
    const shortOf = new Map<string, string>();
    const { candidates, unplaceable } = screened(request, read.catalog);
    if (unplaceable !== undefined) throw new UserError(`${what}: ${unplaceable}`);
    for (const { candidate, hold } of candidates) {
      if (hold !== undefined) {
        shortOf.set(describeConfiguration(candidate), hold.reason);
        continue;
      }
      if (board.isMarkedShort(product, cloud, candidate)) {
        shortOf.set(describeConfiguration(candidate), "no instances (a create found it short since the last availability read)");
        continue;
      }
      try {
        return { created: await request.create(candidate), candidate };
      } catch (error) {
        if (!isCapacityError(error)) throw error;
        board.markShort(product, cloud, candidate);
        shortOf.set(describeConfiguration(candidate), error.detail);
      }
    }
    const waitMs = Math.min(deadline - client.clock.now(), nextCheckMs(client, reads, deadline));
    if (waitMs <= 0) {
      throw new CapacityTimeoutError(
        `${what}: no acceptable GPU configuration had capacity within ${request.timeoutSeconds} s; nothing was created. ${summary(shortOf)}`,
      );
    }
    engineLog(`${what}: waiting for capacity: ${summary(shortOf)}; next check in ${Math.ceil(waitMs / 1000)} s`);
    await client.clock.sleep(waitMs);
    read = await board.newerThan(product, cloud, read);
  }
}

/**
 * The candidates in the order to try them, screened against one availability read; `unplaceable` says why, when no
 * candidate is offered at all in an acceptable data center (or every one is above the price cap): waiting cannot help.
 */
export function screened(scope: PlacementScope, catalog: readonly GpuType[]): { candidates: ScreenedCandidate[]; unplaceable?: string } {
  const candidates = screenCandidates(orderedCandidates(scope.gpu, scope.placement, scope.cloud, catalog), { ...scope, catalog });
  if (candidates.some(({ hold }) => hold === undefined || hold.kind === "short")) return { candidates };
  const reasons = new Map(candidates.map(({ candidate, hold }) => [describeConfiguration(candidate), hold?.reason ?? ""]));
  return { candidates, unplaceable: `no acceptable GPU configuration is offered: ${summary(reasons)}` };
}

/** `1 x A: reason; 2 x B: reason`. */
export function summary(shortOf: ReadonlyMap<string, string>): string {
  return [...shortOf].map(([candidate, reason]) => `${candidate}: ${reason}`).join("; ");
}

function nextCheckMs(client: ComputePlatformClient, reads: number, deadline: number): number {
  const budgetMs = budgetIntervalMs(client.limiter.snapshot(), CAPACITY_POLLING_SHARE, Math.max(0, deadline - client.clock.now()));
  return capacityCheckDelayMs(reads, budgetMs);
}
