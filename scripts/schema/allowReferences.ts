import type { Definition, DefinitionOrBoolean } from "typescript-json-schema";

/** A string holding at least one reference, `${…}`, anywhere in it (JSON Schema patterns are not anchored). */
export const REFERENCE_PATTERN = "\\$\\{[^}]+\\}";

/** The alternative that lets a value be written as a reference. */
const referenceString: Definition = { type: "string", pattern: REFERENCE_PATTERN };

/** Keywords that describe a value without constraining it: they stay beside the alternatives, where editors read them. */
const ANNOTATIONS = new Set(["$comment", "title", "description", "default", "examples"]);

/**
 * In a manifest, any value inside a resource's `properties` may be written as a string holding references
 * (`${volume.id}`, `org/app:${config.tag}`), resolved at deployment. This returns `schema` with every value
 * inside it (property values, array items and map values, at every depth) also accepting such a string,
 * wherever it would not take one already: numbers, booleans, objects, arrays, null, and strings held to an
 * enum, a constant or a pattern. `schema` itself is the container and keeps its shape. A `$ref` is not followed:
 * apply this to the definition it names as well. Applying it twice changes nothing more.
 */
export function allowReferences(schema: Definition): Definition {
  const result: Definition = { ...schema };
  if (schema.properties !== undefined) {
    result.properties = Object.fromEntries(Object.entries(schema.properties).map(([name, value]) => [name, orReference(value)]));
  }
  if (typeof schema.additionalProperties === "object") result.additionalProperties = orReference(schema.additionalProperties);
  if (schema.items !== undefined) result.items = Array.isArray(schema.items) ? schema.items.map(orReference) : orReference(schema.items);
  for (const keyword of ["allOf", "anyOf", "oneOf"] as const) {
    const members = schema[keyword];
    if (members !== undefined) result[keyword] = members.map((member) => (typeof member === "object" ? allowReferences(member) : member));
  }
  return result;
}

/** The schema of one value that may also be a reference. */
function orReference(value: DefinitionOrBoolean): DefinitionOrBoolean {
  if (typeof value === "boolean") return value;
  const inner = allowReferences(value);
  const annotations: Definition = {};
  const constraints: Definition = {};
  for (const [keyword, setting] of Object.entries(inner)) {
    Object.assign(ANNOTATIONS.has(keyword) ? annotations : constraints, { [keyword]: setting });
  }
  if (acceptsReferences(constraints)) return inner;
  const alternatives = isOnly(constraints, "anyOf") ? (constraints.anyOf ?? []) : [constraints];
  return { ...annotations, anyOf: [...alternatives, referenceString] };
}

/** Whether a schema (annotations left out) already accepts every string that holds a reference. */
function acceptsReferences(constraints: DefinitionOrBoolean): boolean {
  if (typeof constraints === "boolean") return constraints;
  if (Object.keys(constraints).length === 0) return true;
  if (isOnly(constraints, "type")) return [constraints.type].flat().includes("string");
  if (isOnly(constraints, "anyOf")) return (constraints.anyOf ?? []).some(acceptsReferences);
  return constraints.type === referenceString.type && constraints.pattern === referenceString.pattern && isOnly(constraints, "type", "pattern");
}

function isOnly(schema: Definition, ...keywords: string[]): boolean {
  return Object.keys(schema).every((keyword) => keywords.includes(keyword));
}
