import type { Definition, DefinitionOrBoolean } from "typescript-json-schema";
import { definitionName } from "../schema/definitionRef";

/** A Pulumi schema type: a primitive, an array, a map, a reference to an object type, or one of several. */
export interface TypeSpec {
  type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
  oneOf?: TypeSpec[];
}

/** A property of a resource, a function or an object type. */
export type PropertySpec = TypeSpec & { description?: string; secret?: boolean; replaceOnChanges?: boolean };

/** A named object type, declared once under `types` and referred to by token. */
export interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

/** The properties and required names of an object, as resources and functions declare them. */
export interface ObjectProperties {
  properties: Record<string, PropertySpec>;
  required?: string[];
}

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };
const PRIMITIVES = new Set(["string", "number", "integer", "boolean"]);

/**
 * Turns the JSON Schemas that typescript-json-schema writes into Pulumi schema types. Every object with properties
 * becomes a named object type: a TypeScript type keeps the API's name for it, its own without the `Inputs` that our
 * modules add to the interfaces a user writes (`MountsInputs` → `Mounts`); an anonymous one is named after where it
 * is first met (`PodOutputs.ssh` → `PodSsh`), or is the type of that name when it has the same properties (an answer's
 * `compute` is the `ClusterCompute` a program declares). Enums and constants become their primitive, `null` drops out of a union (an
 * absent value means the same), `Record`s become maps, and `unknown` becomes Any.
 */
export class TypeSpecs {
  /** The object types declared so far, by name. */
  readonly types = new Map<string, ObjectTypeSpec>();
  private readonly names = new Map<string, string>();
  /** The names the TypeScript types take, which anonymous types leave to them whatever the order they are met in. */
  private readonly definitionNames: ReadonlySet<string>;

  constructor(
    private readonly definitions: Record<string, DefinitionOrBoolean>,
    private readonly token: (name: string) => string,
    /** Names object types must not take, such as the resources' own. */
    private readonly reserved: ReadonlySet<string>,
  ) {
    this.definitionNames = new Set(
      Object.keys(definitions)
        .filter((name) => /^\w+$/.test(name))
        .map(apiName),
    );
  }

  /** The properties of the object that `schema` is (or refers to); `hint` names its nested anonymous types. */
  objectProperties(schema: Definition, hint: string): ObjectProperties {
    const object = this.resolve(schema);
    if (object.type !== "object" || object.properties === undefined) throw new Error(`${hint}: expected an object with properties`);
    const properties = Object.fromEntries(
      Object.entries(object.properties).map(([name, property]) => [name, this.property(property, `${hint}${pascal(name)}`)]),
    );
    // A property that may be null is one that may be absent: in Pulumi a null is no value.
    const required = (object.required ?? []).filter((name) => !this.admitsNull(object.properties?.[name]));
    return { properties, ...(required.length ? { required: required.sort() } : {}) };
  }

  /** Whether `schema` lets a value be null. */
  private admitsNull(schema: DefinitionOrBoolean | undefined): boolean {
    if (typeof schema !== "object") return schema === true;
    const resolved = this.resolve(schema);
    return [resolved.type].flat().includes("null") || (resolved.anyOf ?? []).some((member) => this.admitsNull(member));
  }

  /** The definition `schema` refers to, or `schema` itself. */
  resolve(schema: Definition): Definition {
    const name = definitionName(schema.$ref);
    if (name === undefined) return schema;
    const definition = this.definitions[name];
    if (typeof definition !== "object") throw new Error(`${schema.$ref} refers to no definition`);
    return this.resolve(definition);
  }

  private property(schema: DefinitionOrBoolean, hint: string): PropertySpec {
    if (typeof schema === "boolean") return ANY;
    const description = schema.description ?? (schema.$ref ? this.resolve(schema).description : undefined);
    return { ...(description ? { description } : {}), ...this.typeOf(schema, hint) };
  }

  private typeOf(schema: DefinitionOrBoolean, hint: string): TypeSpec {
    if (typeof schema === "boolean") return ANY;
    const name = definitionName(schema.$ref);
    if (name !== undefined) {
      const definition = this.resolve(schema);
      return isObjectType(definition)
        ? this.objectType(definition, /^\w+$/.test(name) ? apiName(name) : hint, name)
        : this.typeOf(definition, hint);
    }
    const members = (schema.anyOf ?? []).filter((member) => typeof member !== "object" || member.type !== "null");
    if (schema.anyOf !== undefined) {
      const specs = members.map((member) => this.typeOf(member, hint));
      const distinct = specs.filter((spec, index) => specs.findIndex((other) => sameSpec(other, spec)) === index);
      return distinct.length === 1 && distinct[0] ? distinct[0] : { oneOf: distinct };
    }
    const type = [schema.type ?? constType(schema.const) ?? []].flat().filter((t) => t !== "null");
    if (type.length > 1) return { oneOf: type.map((t) => this.typeOf({ type: t }, hint)) };
    const [single] = type;
    if (single === undefined) return schema.enum ? { type: "string" } : ANY;
    if (PRIMITIVES.has(single)) return { type: single as TypeSpec["type"] };
    if (single === "array") {
      const items = Array.isArray(schema.items) ? undefined : schema.items;
      return { type: "array", items: items === undefined ? ANY : this.typeOf(items, `${hint}Item`) };
    }
    if (isObjectType(schema)) return this.objectType(schema, hint, undefined);
    const values = schema.additionalProperties;
    return { type: "object", additionalProperties: typeof values === "object" ? this.typeOf(values, `${hint}Value`) : ANY };
  }

  /** A reference to the object type for `schema`, declared under `name` the first time it is met. */
  private objectType(schema: Definition, name: string, definition: string | undefined): TypeSpec {
    const twin = definition === undefined || !/^\w+$/.test(definition) ? this.twinOf(schema, name) : undefined;
    if (twin !== undefined) return twin;
    const known = definition === undefined ? undefined : this.names.get(definition);
    if (known !== undefined) return { $ref: `#/types/${this.token(known)}` };
    const unique = this.uniqueName(name, definition !== undefined && this.definitionNames.has(name));
    if (definition !== undefined) this.names.set(definition, unique);
    const spec: ObjectTypeSpec = { type: "object", properties: {} };
    this.types.set(unique, spec);
    const { properties, required } = this.objectProperties(schema, unique);
    Object.assign(spec, schema.description ? { description: schema.description } : {}, { properties }, required ? { required } : {});
    return { $ref: `#/types/${this.token(unique)}` };
  }

  /**
   * The type an anonymous object is another view of: the one under the name it would take, with the same properties
   * (an API answer's `compute` is the `ClusterCompute` a program declares). One object of the API keeps one type and
   * one name in every language, instead of a `ClusterCompute2` beside it.
   */
  private twinOf(schema: Definition, name: string): TypeSpec | undefined {
    const propertyNames = (object: Definition) =>
      Object.keys(this.resolve(object).properties ?? {})
        .sort()
        .join();
    const declared = this.types.get(name);
    if (declared !== undefined) {
      return Object.keys(declared.properties).sort().join() === propertyNames(schema) ? { $ref: `#/types/${this.token(name)}` } : undefined;
    }
    const definition = Object.keys(this.definitions).find((candidate) => /^\w+$/.test(candidate) && apiName(candidate) === name);
    const twin = definition === undefined ? undefined : this.definitions[definition];
    if (definition === undefined || typeof twin !== "object" || propertyNames(twin) !== propertyNames(schema)) return undefined;
    return this.objectType(this.resolve(twin), name, definition);
  }

  private uniqueName(name: string, ownName: boolean): string {
    const taken = (candidate: string) =>
      this.types.has(candidate) ||
      this.reserved.has(candidate) ||
      (!(ownName && candidate === name) && this.definitionNames.has(candidate));
    let unique = name;
    for (let n = 2; taken(unique); n++) unique = `${name}${n}`;
    return unique;
  }
}

function isObjectType(schema: Definition): boolean {
  return schema.type === "object" && schema.properties !== undefined && Object.keys(schema.properties).length > 0;
}

function constType(value: unknown): Definition["type"] | undefined {
  if (typeof value === "string") return "string";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  return undefined;
}

function sameSpec(a: TypeSpec, b: TypeSpec): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The API's name for a TypeScript type of our modules: `NetworkMountInputs` → `NetworkMount`. */
function apiName(definition: string): string {
  return definition.replace(/Inputs$/, "");
}

/** `podId` → `PodId`. */
export function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
