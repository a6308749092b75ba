import * as path from "node:path";
import * as ts from "typescript";
import * as TJS from "typescript-json-schema";
import { allowReferences } from "./allowReferences";
import { declarationDocs } from "./declarationDocs";
import { withFateDocs } from "./fateDocs";
import { definitionName, definitionRef } from "./definitionRef";
import { discriminateUnion } from "./discriminatedUnion";
import { inlineRecordDefinitions } from "./recordDefinitions";
import { forEachSubschema } from "./subschemas";
import { unwrapDescriptions } from "./unwrapDescriptions";

/** One generated JSON Schema file, as committed under {@link SCHEMA_DIRECTORY}. */
export interface SchemaFile {
  fileName: string;
  text: string;
}

/** Where the generated schemas are committed, relative to the project root. */
export const SCHEMA_DIRECTORY = "schema";

/** The command that regenerates them. */
export const REGENERATE_COMMAND = "npm run schema";

/** The JSON Schema draft that typescript-json-schema writes. */
const DRAFT = "http://json-schema.org/draft-07/schema#";

/** The file that declares the manifest's shape; it imports every resource's argument type. */
const MANIFEST_SOURCE = "provider/manifest/document.ts";
const MANIFEST_TYPE = "ManifestDocument";
const RESOURCE_UNION = "ManifestResource";
/** The field of a manifest resource entry that tells its type. */
const RESOURCE_TYPE_FIELD = "type";
/** Where the resource classes are declared, whose TSDoc describes a manifest's entries of their kind. */
const RESOURCE_CLASSES = "provider/resources";

/**
 * Generates every schema from the TypeScript types and their TSDoc: `<Type>.json` with the plain arguments of each
 * resource type a manifest can declare, and `manifest.json` for a whole manifest, where values inside `properties`
 * and `outputs` may also be references. The same input always gives the same bytes.
 */
export function generateSchemaFiles(projectRoot: string): SchemaFile[] {
  const program = manifestProgram(projectRoot);
  const generator = schemaGenerator(program);
  const sourceOf = (typeName: string) => sourceFileOf(generator, typeName, projectRoot);
  const manifestDefinitions = namedEntries(
    generator.getSchemaForSymbols([MANIFEST_TYPE, RESOURCE_UNION]).definitions ?? {},
    declarationDocs(program, projectRoot, [RESOURCE_CLASSES]),
  );
  for (const { type, argumentsType } of resourceTypes(manifestDefinitions)) {
    const definition = manifestDefinitions[argumentsType];
    if (definition !== undefined) manifestDefinitions[argumentsType] = withFates(type, definition);
  }
  const resourceFiles = resourceTypes(manifestDefinitions).map(({ type, argumentsType }) =>
    schemaFile(
      `${type}.json`,
      argumentsType,
      sourceOf(argumentsType),
      withFates(type, inlineRecordDefinitions(generator.getSchemaForSymbol(argumentsType))),
    ),
  );
  const manifestFile = schemaFile("manifest.json", MANIFEST_TYPE, sourceOf(MANIFEST_TYPE), manifestSchema(manifestDefinitions));
  return [...resourceFiles, manifestFile];
}

/** A kind's arguments schema with what a change of each field does appended to its description. */
function withFates<Definition extends TJS.DefinitionOrBoolean>(type: string, definition: Definition): Definition {
  if (typeof definition !== "object" || definition.properties === undefined) return definition;
  return { ...definition, properties: withFateDocs(type, definition.properties) };
}

function manifestProgram(projectRoot: string): ts.Program {
  const { config } = ts.readConfigFile(path.join(projectRoot, "tsconfig.json"), (file) => ts.sys.readFile(file));
  return TJS.getProgramFromFiles([path.join(projectRoot, MANIFEST_SOURCE)], config.compilerOptions, projectRoot);
}

function schemaGenerator(program: ts.Program): TJS.JsonSchemaGenerator {
  // Type errors are `npm run typecheck`'s job; checking the program again here would triple the run time.
  const generator = TJS.buildGenerator(program, { required: true, noExtraProps: true, strictNullChecks: true, ignoreErrors: true });
  if (generator === null) throw new Error(`typescript-json-schema could not read ${MANIFEST_SOURCE}`);
  return generator;
}

/**
 * The definitions with each member of the union of resource entries (derived from the kind registry, so named by
 * typescript-json-schema as `ManifestResourceOf<"Pod">`) renamed `<Kind>Resource`, and described by the first
 * paragraph of its class's TSDoc.
 */
function namedEntries(definitions: Record<string, TJS.DefinitionOrBoolean>, classDocs: Map<string, string>) {
  const renames = new Map(resourceTypes(definitions).map(({ member, type }) => [member, `${type}Resource`]));
  const renamedRefs = JSON.parse(
    JSON.stringify(definitions, (key, value) =>
      key === "$ref" && renames.has(definitionName(value) ?? "") ? definitionRef(renames.get(definitionName(value)!)!) : value,
    ),
  ) as Record<string, TJS.DefinitionOrBoolean>;
  return Object.fromEntries(
    Object.entries(renamedRefs).map(([name, definition]) => {
      const renamed = renames.get(name);
      if (renamed === undefined || typeof definition !== "object") return [name, definition];
      const description = classDocs.get(renamed.slice(0, -"Resource".length))?.split("\n\n")[0];
      return [renamed, { ...definition, ...(description === undefined ? {} : { description }) }];
    }),
  );
}

/** Each manifest resource type with its arguments type, read off the union of resource entries. */
function resourceTypes(definitions: Record<string, TJS.DefinitionOrBoolean>): Array<{ member: string; type: string; argumentsType: string }> {
  return memberNames(definitions, RESOURCE_UNION).map((member) => {
    const entry = definitions[member];
    const type = typeof entry === "object" ? entry.properties?.[RESOURCE_TYPE_FIELD] : undefined;
    const properties = typeof entry === "object" ? entry.properties?.properties : undefined;
    const argumentsType = typeof properties === "object" ? definitionName(properties.$ref) : undefined;
    if (typeof type !== "object" || typeof type.const !== "string" || argumentsType === undefined) {
      throw new Error(`${member} must have a constant "${RESOURCE_TYPE_FIELD}" and "properties" of a named arguments type`);
    }
    return { member, type: type.const, argumentsType };
  });
}

/**
 * The whole manifest, self-contained: entries told apart by their `type`, and references allowed in `outputs` and
 * in every definition reachable from a resource's `properties` (those definitions are used nowhere else).
 */
function manifestSchema(generated: Record<string, TJS.DefinitionOrBoolean>): TJS.Definition {
  const { [MANIFEST_TYPE]: document, ...others } = generated;
  if (typeof document !== "object") throw new Error(`${MANIFEST_TYPE} did not generate an object schema`);
  const schema = inlineRecordDefinitions({ ...document, definitions: others });
  const definitions = schema.definitions ?? {};
  const argumentSlots = memberNames(definitions, RESOURCE_UNION).map((member) => {
    const entry = definitions[member];
    return typeof entry === "object" ? (entry.properties?.properties ?? false) : false;
  });
  const withReferences = { ...definitions };
  for (const name of reachableDefinitions(argumentSlots, definitions)) {
    const definition = definitions[name];
    if (typeof definition === "object") withReferences[name] = allowReferences(definition);
  }
  const outputs = schema.properties?.outputs;
  return {
    ...schema,
    properties: { ...schema.properties, ...(typeof outputs === "object" ? { outputs: allowReferences(outputs) } : {}) },
    definitions: discriminateUnion(withReferences, RESOURCE_UNION, RESOURCE_TYPE_FIELD),
  };
}

/** The definitions that the members of the union `unionName` name. */
function memberNames(definitions: Record<string, TJS.DefinitionOrBoolean>, unionName: string): string[] {
  const union = definitions[unionName];
  const members = typeof union === "object" ? (union.anyOf ?? []) : [];
  return members.map((member) => {
    const name = typeof member === "object" ? definitionName(member.$ref) : undefined;
    if (name === undefined) throw new Error(`every member of ${unionName} must be a named definition`);
    return name;
  });
}

/** The names of the definitions that `schemas` refer to, directly or through other definitions. */
function reachableDefinitions(schemas: TJS.DefinitionOrBoolean[], definitions: Record<string, TJS.DefinitionOrBoolean>): Set<string> {
  const reached = new Set<string>();
  const pending = [...schemas];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    forEachSubschema(next, (node) => {
      const name = definitionName(node.$ref);
      const definition = name === undefined ? undefined : definitions[name];
      if (name === undefined || definition === undefined || reached.has(name)) return;
      reached.add(name);
      pending.push(definition);
    });
  }
  return reached;
}

/** The project-relative file that declares `typeName`. */
function sourceFileOf(generator: TJS.JsonSchemaGenerator, typeName: string, projectRoot: string): string {
  const declaration = generator.getSymbols(typeName)[0]?.symbol.getDeclarations()?.[0];
  if (declaration === undefined) throw new Error(`${typeName} is not declared in the program`);
  return path.relative(projectRoot, declaration.getSourceFile().fileName).split(path.sep).join("/");
}

/** A schema as committed: a notice first, then the draft it follows, 2-space indented, with a final newline. */
function schemaFile(fileName: string, typeName: string, sourceFile: string, schema: TJS.Definition): SchemaFile {
  const { $schema: _written, ...content } = unwrapDescriptions(schema);
  const notice =
    `Generated by \`${REGENERATE_COMMAND}\` (scripts/schema/generate.ts) from ${typeName} in ${sourceFile} and its TSDoc. ` +
    "Do not edit it by hand: change the type or its TSDoc and regenerate.";
  return { fileName, text: `${JSON.stringify({ $comment: notice, $schema: DRAFT, ...content }, null, 2)}\n` };
}
