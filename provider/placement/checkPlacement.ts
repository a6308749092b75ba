import { sharedClient } from "../sharedClient";
import { containsUnknown } from "../values/unknown";
import { MissingSettingError } from "../config";
import { ComputePlatformError } from "../errors";
import { availabilityBoard, type AvailabilityRead } from "./availabilityBoard";
import { describeConfiguration } from "./candidates";
import { engineLog } from "../engineLog";
import { type PlacementCheck, placementChoice } from "./placementChoice";
import { type PlacementScope, screened, summary } from "./placeOnCandidates";

/**
 * What `check` (and so a preview) says of a resource's placement, from the availability read its create will use:
 * a failure on `placement` when no candidate is offered at all in an acceptable data center, before any create;
 * a warning in the engine's log for each candidate short right now; and the configuration a create would choose
 * now, which the estimate prices. Arguments still unknown are not checked, nor is anything where no API is
 * configured (`computeplatform validate` checks a manifest offline); a read that fails is left to the create,
 * which reads again.
 */
export async function checkPlacement(scope: PlacementScope): Promise<PlacementCheck> {
  const { gpu, placement, acceptableDataCenters, cloud, maxHourlyPrice } = scope;
  if (containsUnknown([gpu, placement, acceptableDataCenters, cloud, maxHourlyPrice])) return { failures: [] };
  const board = availabilityBoard(sharedClient());
  let read: AvailabilityRead;
  try {
    read = await board.current(scope.product, scope.cloud);
  } catch (error) {
    if (error instanceof MissingSettingError) return { failures: [] };
    if (!(error instanceof ComputePlatformError)) throw error;
    engineLog(`warning: ${scope.what}: availability could not be read at check (${error.message}); the create reads it again`);
    return { failures: [] };
  }
  const { candidates, unplaceable } = screened(scope, read.catalog);
  if (unplaceable !== undefined) return { failures: [{ property: "placement", reason: `${unplaceable} (see gpu and placement)` }] };
  const short = new Map(
    candidates.flatMap(({ candidate, hold }) => (hold?.kind === "short" ? [[describeConfiguration(candidate), hold.reason] as const] : [])),
  );
  if (short.size > 0) engineLog(`warning: ${scope.what}: short of capacity right now: ${summary(short)}`);
  const choice = placementChoice(candidates, (candidate) => board.isMarkedShort(scope.product, scope.cloud, candidate));
  return { failures: [], ...(choice === undefined ? {} : { choice }) };
}
