import type * as dynamic from "@pulumi/pulumi/dynamic";
import { sharedClient } from "../sharedClient";
import { containsUnknown } from "../schemas/unknown";
import { MissingSettingError } from "../config";
import { ComputePlatformError } from "../errors";
import { availabilityBoard, type AvailabilityRead } from "./availabilityBoard";
import { describeConfiguration } from "./candidates";
import { engineLog } from "./engineLog";
import { type PlacementScope, screened, summary } from "./placeOnCandidates";

/**
 * What `check` (and so a preview) says of a resource's placement, from the availability read its create will use:
 * a failure on `placement` when no candidate is offered at all in an acceptable data center, before any create;
 * a warning in the engine's log for each candidate short right now. Arguments still unknown are not checked, nor
 * is anything where no API is configured (`computeplatform validate` checks a manifest offline); a read that fails
 * is left to the create, which reads again.
 */
export async function checkPlacement(scope: PlacementScope): Promise<dynamic.CheckFailure[]> {
  if (containsUnknown([scope.gpu, scope.placement, scope.dataCenterIds, scope.cloud, scope.maxHourlyPrice])) return [];
  let read: AvailabilityRead;
  try {
    read = await availabilityBoard(sharedClient()).current(scope.product, scope.cloud);
  } catch (error) {
    if (error instanceof MissingSettingError) return [];
    if (!(error instanceof ComputePlatformError)) throw error;
    engineLog(`warning: ${scope.what}: availability could not be read at check (${error.message}); the create reads it again`);
    return [];
  }
  const { candidates, unplaceable } = screened(scope, read.catalog);
  if (unplaceable !== undefined) return [{ property: "placement", reason: `${unplaceable} (see gpu and placement)` }];
  const short = new Map(
    candidates.flatMap(({ candidate, hold }) => (hold?.kind === "short" ? [[describeConfiguration(candidate), hold.reason] as const] : [])),
  );
  if (short.size > 0) engineLog(`warning: ${scope.what}: short of capacity right now: ${summary(short)}`);
  return [];
}
