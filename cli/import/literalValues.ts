/**
 * A live value as manifest text: every `${` in a string written `$${`, so that the manifest reads it back as it is
 * instead of as a reference.
 */
export function literalValues(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("${", () => "$${");
  if (Array.isArray(value)) return value.map(literalValues);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, literalValues(item)]));
  return value;
}
