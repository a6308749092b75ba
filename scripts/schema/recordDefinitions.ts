import type { Definition, DefinitionOrBoolean } from "typescript-json-schema";
import { definitionName, definitionRef } from "./definitionRef";
import { forEachSubschema } from "./subschemas";

const RECORD = /^Record<string,(.+)>$/;
const PRIMITIVES = new Set(["string", "number", "boolean"]);

/**
 * typescript-json-schema 0.68 writes a `Record<string, T>` as a definition of an object without properties, which
 * under `noExtraProps` admits no key at all. This returns `schema` with every reference to such a definition
 * replaced by an object whose values are `T` (the annotations written beside the reference kept), and without
 * those definitions.
 */
export function inlineRecordDefinitions(schema: Definition): Definition {
  const result = structuredClone(schema);
  const definitions = result.definitions ?? {};
  forEachSubschema(result, (node) => {
    const valueType = RECORD.exec(definitionName(node.$ref) ?? "")?.[1];
    if (valueType === undefined) return;
    delete node.$ref;
    Object.assign(node, { type: "object" }, recordValues(valueType, definitions));
  });
  for (const name of Object.keys(definitions)) if (RECORD.test(name)) delete definitions[name];
  return result;
}

/** What the values of a `Record<string, valueType>` must be; `unknown` values may be anything. */
function recordValues(valueType: string, definitions: Record<string, DefinitionOrBoolean>): Definition {
  if (valueType === "unknown") return {};
  if (PRIMITIVES.has(valueType)) return { additionalProperties: { type: valueType as "string" | "number" | "boolean" } };
  if (valueType in definitions) return { additionalProperties: { $ref: definitionRef(valueType) } };
  throw new Error(`Record<string,${valueType}>: its value type is neither a primitive nor a generated definition`);
}
