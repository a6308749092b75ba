import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { GpuConfiguration, ScreenedCandidate } from "./candidates";

/** What a create would do with a resource's candidates now, as one availability read shows them. */
export interface PlacementChoice {
  /**
   * The configuration a create would be placed on now: the first one to try that shows free, or, when every one is
   * short (the create would wait), the first to try.
   */
  readonly chosen: GpuConfiguration;
  /**
   * Every configuration a create may end on, in the order tried: offered in an acceptable data center and within
   * `maxHourlyPrice`, free now or not.
   */
  readonly acceptable: readonly GpuConfiguration[];
}

/** What `check` says of a resource's placement: failures on `placement`, and the choice a create would make now. */
export interface PlacementCheck {
  failures: dynamic.CheckFailure[];
  /** Undefined when the availability is not read (arguments still unknown, no API configured, a failed read). */
  choice?: PlacementChoice;
}

/**
 * The choice a create would make among screened candidates; undefined when none is acceptable.
 * @param shortSinceRead whether a create found a candidate short since the read, which a create would not try.
 */
export function placementChoice(
  candidates: readonly ScreenedCandidate[],
  shortSinceRead: (candidate: GpuConfiguration) => boolean,
): PlacementChoice | undefined {
  const acceptable = candidates.filter(({ hold }) => hold === undefined || hold.kind === "short").map(({ candidate }) => candidate);
  const free = candidates.find(({ candidate, hold }) => hold === undefined && !shortSinceRead(candidate))?.candidate;
  const chosen = free ?? acceptable[0];
  return chosen === undefined ? undefined : { chosen, acceptable };
}

/** A `check` result of a kind that placement places, with the choice a create would make now, which the estimate prices. */
export type PlacedCheckResult<Inputs> = dynamic.CheckResult<Inputs> & { placementChoice?: PlacementChoice };

/** The check's result, with the placement check's failures instead when there are any, else its choice. */
export function withPlacementCheck<Inputs>(result: dynamic.CheckResult<Inputs>, check: PlacementCheck): PlacedCheckResult<Inputs> {
  if (check.failures.length > 0) return { failures: check.failures };
  return check.choice === undefined ? result : { ...result, placementChoice: check.choice };
}
