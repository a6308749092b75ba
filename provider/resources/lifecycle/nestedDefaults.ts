import type { NestedDefaults } from "./declaration";

/**
 * The value with the defaults of its own fields put in where they are left out, in nested objects and in each item
 * of a list too. Anything else (an unknown preview value, a value of another shape, which validation reported) is
 * kept as it is.
 */
export function withNestedDefaults(value: unknown, defaults: NestedDefaults | readonly [NestedDefaults] | undefined): unknown {
  if (defaults === undefined) return value;
  if (isList(defaults)) return Array.isArray(value) ? value.map((item: unknown) => withNestedDefaults(item, defaults[0])) : value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const completed: Record<string, unknown> = { ...value };
  for (const [name, inner] of Object.entries(defaults)) {
    const given = completed[name];
    if (typeof inner !== "object") completed[name] = given ?? inner;
    else if (given !== undefined) completed[name] = withNestedDefaults(given, inner);
  }
  return completed;
}

function isList(defaults: NestedDefaults | readonly [NestedDefaults]): defaults is readonly [NestedDefaults] {
  return Array.isArray(defaults);
}
