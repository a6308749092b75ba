import { UNKNOWN } from "../values/unknown";

/**
 * Whether the data centers now declared exclude the one the resource was placed in (a pod or a cluster), so that
 * it must be made again elsewhere. None declared means any; a placement not yet known (no data center recorded)
 * is no reason; one still unknown at preview may be.
 */
export function placedOutside(declared: readonly string[] | undefined, placed: string | null | undefined): boolean {
  if (declared === undefined || placed === undefined) return false;
  if ((declared as unknown) === UNKNOWN || placed === null) return true;
  return !declared.includes(placed);
}

/** When {@link placedOutside} replaces the resource, in the words of a field's doc. */
export const placedOutsideCases = "the data center it runs in is no longer among them (none, or an empty list, means any)";
