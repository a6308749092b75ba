import { readFileSync } from "node:fs";
import * as path from "node:path";
import Ajv from "ajv";
import type { KindName } from "../../provider/kindRegistry";
import { PULUMI_SCHEMA_FILE } from "../../provider/plugin/schemaFile";
import type { Properties } from "../../provider/plugin/properties";
import { repoRoot } from "../support/paths";

/** A type as the Pulumi package schema writes it. */
interface TypeSpec {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  $ref?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  oneOf?: TypeSpec[];
  properties?: Record<string, TypeSpec>;
  required?: string[];
}

interface PackageSchema {
  name: string;
  types: Record<string, TypeSpec>;
  resources: Record<string, { properties: Record<string, TypeSpec>; required?: string[] }>;
}

const schema = JSON.parse(readFileSync(path.join(repoRoot, PULUMI_SCHEMA_FILE), "utf8")) as PackageSchema;
const ANY = "pulumi.json#/Any";
/** A type's token as a JSON pointer can name it without escapes. */
const definitionName = (token: string) => token.replace(/[^A-Za-z0-9]/g, "_");
const TYPE_REF = "#/types/";

/** The JSON Schema of a Pulumi type: what a program in any language may be handed under it, and nothing else. */
function jsonSchemaOf(spec: TypeSpec): object {
  const { type, $ref, items, additionalProperties, oneOf, properties, required } = spec;
  if ($ref === ANY) return {};
  if ($ref !== undefined) {
    if (!$ref.startsWith(TYPE_REF)) throw new Error(`unexpected $ref ${$ref}`);
    return { $ref: `#/definitions/${definitionName($ref.slice(TYPE_REF.length))}` };
  }
  if (oneOf !== undefined) return { anyOf: oneOf.map(jsonSchemaOf) };
  if (type === "array") return { type, items: jsonSchemaOf(items ?? {}) };
  if (type === "object") {
    if (properties === undefined)
      return { type, additionalProperties: additionalProperties === undefined ? {} : jsonSchemaOf(additionalProperties) };
    return objectSchema(properties, required);
  }
  if (type === undefined) throw new Error(`a type spec with neither type nor $ref: ${JSON.stringify(spec)}`);
  return { type };
}

function objectSchema(properties: Record<string, TypeSpec>, required: readonly string[] = []): object {
  return {
    type: "object",
    properties: Object.fromEntries(Object.entries(properties).map(([name, spec]) => [name, jsonSchemaOf(spec)])),
    required,
    additionalProperties: false,
  };
}

const definitions = Object.fromEntries(
  Object.entries(schema.types).map(([token, spec]) => [definitionName(token), objectSchema(spec.properties ?? {}, spec.required)]),
);
const ajv = new Ajv({ strict: true, allErrors: true });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** A value as a program receives it: a null is a value the engine leaves unset. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (item === null ? [] : [[key, withoutNulls(item)]])));
}

/**
 * What is wrong with `outputs` of `kind` by the package schema the plugin serves (`schema/pulumi-package.json`): an
 * output the schema does not declare, one of another type than declared, or a required one missing. Empty when none.
 */
export function schemaViolations(kind: KindName, outputs: Properties): string[] {
  const token = `${schema.name}:index:${kind}`;
  const resource = schema.resources[token];
  if (resource === undefined) return [`${token} is not in ${PULUMI_SCHEMA_FILE}`];
  let validate = validators.get(token);
  if (validate === undefined) {
    validate = ajv.compile({ definitions, ...objectSchema(resource.properties, resource.required) });
    validators.set(token, validate);
  }
  validate(withoutNulls(outputs));
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? ""} ${JSON.stringify(error.params)}`);
}
