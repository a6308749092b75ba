/** The engine's placeholder for a value not known until apply (`pulumi.runtime.unknownValue`). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when `value` is, or contains, a value only known after apply. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (typeof value === "object" && value !== null) return Object.values(value).some(containsUnknown);
  return false;
}

/**
 * True when the value at `path` in `root`, or one that holds it, is unknown: whatever is said about that value
 * then depends on what the unknown turns out to be, even whether it is there at all.
 */
export function unknownAlong(root: unknown, path: ReadonlyArray<PropertyKey>): boolean {
  let value: unknown = root;
  for (const key of path) {
    if (value === UNKNOWN) return true;
    if (typeof value !== "object" || value === null) return false;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value === UNKNOWN;
}
