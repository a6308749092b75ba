/** An empty list. */
export function isEmptyList(value: unknown): value is [] {
  return Array.isArray(value) && value.length === 0;
}

/** A plain object, not a list, nor an unknown preview value. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `value` without `key` where that holds nothing or an empty list, for a list argument whose empty list means the same as none. */
export function withoutEmptyList<T extends object>(value: T, key: keyof T): T {
  const { [key]: list, ...rest } = value;
  return list === undefined || isEmptyList(list) ? (rest as T) : value;
}
