import type { Definition, DefinitionOrBoolean } from "typescript-json-schema";

/** Keywords whose value is a map of names to subschemas. */
const SCHEMA_MAPS = ["definitions", "properties", "patternProperties"] as const;
/** Keywords whose value is one subschema. */
const SINGLE_SCHEMAS = ["additionalProperties", "items", "additionalItems", "propertyNames", "not", "if", "then", "else"] as const;
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf"] as const;

/**
 * Calls `visit` on `schema` and on every schema nested in it (draft-07 keywords), parents before children, with
 * each one's JSON pointer from `schema`. `visit` may change the object it is given; its children are read after.
 */
export function forEachSubschema(schema: DefinitionOrBoolean, visit: (schema: Definition, pointer: string) => void, pointer = ""): void {
  if (typeof schema === "boolean") return;
  visit(schema, pointer);
  for (const keyword of SCHEMA_MAPS) {
    for (const [name, child] of Object.entries(schema[keyword] ?? {})) {
      forEachSubschema(child, visit, `${pointer}/${keyword}/${escapePointerToken(name)}`);
    }
  }
  for (const keyword of SINGLE_SCHEMAS) {
    const child = schema[keyword];
    if (Array.isArray(child)) child.forEach((item, index) => forEachSubschema(item, visit, `${pointer}/${keyword}/${index}`));
    else if (child !== undefined) forEachSubschema(child, visit, `${pointer}/${keyword}`);
  }
  for (const keyword of SCHEMA_LISTS) {
    schema[keyword]?.forEach((child, index) => forEachSubschema(child, visit, `${pointer}/${keyword}/${index}`));
  }
}

/** Escapes one name for a JSON pointer (RFC 6901). */
function escapePointerToken(name: string): string {
  return name.replaceAll("~", "~0").replaceAll("/", "~1");
}
