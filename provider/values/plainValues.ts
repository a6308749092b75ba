/** An empty list, which means the same as none for data centers and network mounts. */
export function isEmptyList(value: unknown): value is [] {
  return Array.isArray(value) && value.length === 0;
}

/** A plain object, not a list, nor an unknown preview value. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
