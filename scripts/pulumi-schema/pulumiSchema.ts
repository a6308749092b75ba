import * as path from "node:path";
import * as ts from "typescript";
import * as TJS from "typescript-json-schema";
import { dataFunctions } from "../../provider/plugin/functions";
import { CONFIG_NAMES, SECRET_CONFIG } from "../../provider/plugin/providerConfig";
import { type KindName, kinds } from "../../provider/kindRegistry";
import { PACKAGE } from "../../provider/plugin/resources";
import { fieldsOfFate } from "../../provider/resources/lifecycle/declaration";
import { PULUMI_SCHEMA_FILE } from "../../provider/plugin/schemaFile";
import { declarationDocs } from "../schema/declarationDocs";
import { withFateDocs } from "../schema/fateDocs";
import { unwrapDescriptions } from "../schema/unwrapDescriptions";
import { type ObjectProperties, type PropertySpec, TypeSpecs } from "./typeSpecs";

export { PULUMI_SCHEMA_FILE };

/** The command that regenerates the schema. */
export const REGENERATE_PULUMI_SCHEMA_COMMAND = "npm run schema";

/** The files whose types the schema is generated from. */
// provider/index.ts brings in the resource classes, whose TSDoc describes the resources.
const SOURCES = ["provider/plugin/resources.ts", "provider/plugin/functions.ts", "provider/index.ts"];
const RESOURCE_TYPES = "PluginResourceTypes";
const FUNCTION_TYPES = "PluginFunctionTypes";
/** Where the resource classes and the data functions are declared, for their TSDoc. */
const RESOURCE_CLASSES = "provider/resources";
const FUNCTION_MODULES = "provider/functions";

const configDescriptions: Record<(typeof CONFIG_NAMES)[number], string> = {
  apiUrl: "Base URL of the REST API, without `/v2`. Falls back to the environment variable COMPUTEPLATFORM_API_URL.",
  apiKey: "API key. Falls back to the environment variable COMPUTEPLATFORM_API_KEY. Kept secret.",
  jobUrl: "Base URL of the job API, without `/v2`. Falls back to COMPUTEPLATFORM_JOB_URL, then to `apiUrl`.",
  storagePrices:
    'Storage prices for the cost estimates, as JSON: volume type to USD per GB-month, e.g. `{"STANDARD":0.05}`; a type left out keeps its default. Falls back to COMPUTEPLATFORM_STORAGE_PRICES.',
};

const token = (name: string) => `${PACKAGE}:index:${name}`;

/**
 * Where the source lives, as a Go module path: the project's Go tools already live under it, and the Go SDK's module
 * follows from it as `<repository>/sdk/go` (the directory it is committed in, so a tag `sdk/go/v<version>` releases
 * it), imported as `<repository>/sdk/go/computeplatform`.
 */
export const REPOSITORY = "github.com/computeplatform/pulumi-computeplatform";

/** How the SDKs of other languages are named and laid out; `npm run sdk` writes the Go and Python ones. */
const language = {
  go: { importBasePath: `${REPOSITORY}/sdk/go/${PACKAGE}` },
  nodejs: { packageName: "pulumi-computeplatform" },
  python: { packageName: `pulumi_${PACKAGE}`, pyproject: { enabled: true } },
};

/**
 * Generates the Pulumi package schema of the native plugin from the types its resources and data functions are
 * declared with, and their TSDoc: every resource kind as `computeplatform:index:<Kind>` (inputs, outputs, secrets),
 * every data function as an invoke, the provider's config, and what the SDKs of other languages need. The version
 * is left out: the plugin adds package.json's when it serves the schema, and so does the SDK generator (tools/sdkgen).
 * The same input always gives the same bytes.
 */
export function generatePulumiSchema(projectRoot: string): string {
  const { config } = ts.readConfigFile(path.join(projectRoot, "tsconfig.json"), (file) => ts.sys.readFile(file));
  const program = TJS.getProgramFromFiles(
    SOURCES.map((source) => path.join(projectRoot, source)),
    config.compilerOptions,
    projectRoot,
  );
  const generator = TJS.buildGenerator(program, { required: true, noExtraProps: true, strictNullChecks: true, ignoreErrors: true });
  if (generator === null) throw new Error(`typescript-json-schema could not read ${SOURCES.join(", ")}`);
  const { definitions = {} } = unwrapDescriptions(generator.getSchemaForSymbols([RESOURCE_TYPES, FUNCTION_TYPES]));
  const docs = declarationDocs(program, projectRoot, [RESOURCE_CLASSES, FUNCTION_MODULES]);
  const specs = new TypeSpecs(definitions, token, new Set(Object.keys(kinds)));
  const entries = (typesName: string) => {
    const types = definitions[typesName];
    if (typeof types !== "object" || types.properties === undefined) throw new Error(`${typesName} did not generate an object`);
    return Object.entries(types.properties).map(
      ([name, entry]) => [name, typeof entry === "object" ? (entry.properties ?? {}) : {}] as const,
    );
  };

  const resourceSpecs = Object.fromEntries(
    entries(RESOURCE_TYPES).map(([kind, { inputs, outputs }]) => {
      const declared = kinds[kind as KindName];
      const input = specs.objectProperties(asDefinition(inputs), kind);
      const output = specs.objectProperties(asDefinition(outputs), kind);
      const replacing = declared.declaration === undefined ? [] : fieldsOfFate(declared.declaration, "replaces", "replacesWhen");
      const outputProperties = withReplaceOnChanges(asInputIntegers(output.properties, input.properties), replacing);
      return [
        token(kind),
        {
          description: docs.get(kind) ?? "",
          properties: markSecret(outputProperties, declared.secretOutputs),
          ...(output.required ? { required: output.required } : {}),
          inputProperties: markSecret(withFateDocs(kind, input.properties), declared.secretInputs),
          ...(input.required ? { requiredInputs: input.required } : {}),
        },
      ];
    }),
  );
  const functionSpecs = Object.fromEntries(
    entries(FUNCTION_TYPES).map(([name, { args, result }]) => {
      if (!dataFunctions.has(name)) throw new Error(`${name} has a type but is no data function the plugin serves`);
      const hint = name.replace(/^get/, "");
      const inputs =
        specs.resolve(asDefinition(args)).properties === undefined
          ? { properties: {} }
          : specs.objectProperties(asDefinition(args), `${hint}Args`);
      return [
        token(name),
        { description: docs.get(name) ?? "", inputs, outputs: specs.objectProperties(asDefinition(result), `${hint}Result`) },
      ];
    }),
  );
  const variables: Record<string, PropertySpec> = Object.fromEntries(
    CONFIG_NAMES.map((name) => [
      name,
      { type: "string", description: configDescriptions[name], ...(SECRET_CONFIG.includes(name) ? { secret: true } : {}) },
    ]),
  );

  const schema = {
    name: PACKAGE,
    displayName: "Compute Platform",
    description: "GPU/CPU pods, clusters, serverless endpoints, network volumes and more on the Compute Platform v2 API.",
    keywords: ["pulumi", PACKAGE, "gpu", "category/cloud"],
    homepage: `https://${REPOSITORY}`,
    repository: `https://${REPOSITORY}`,
    publisher: "Compute Platform",
    license: "Apache-2.0",
    // supportPack: each SDK is a complete package of its own (a go.mod, a pyproject.toml) carrying the version.
    meta: { moduleFormat: "(.*)", supportPack: true },
    language,
    config: { variables },
    provider: {
      description: "The Compute Platform provider: one account and API URL per instance.",
      inputProperties: variables,
      properties: variables,
    },
    types: Object.fromEntries([...specs.types].sort(([a], [b]) => a.localeCompare(b)).map(([name, spec]) => [token(name), spec])),
    resources: resourceSpecs,
    functions: functionSpecs,
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

function asDefinition(schema: TJS.DefinitionOrBoolean | undefined): TJS.Definition {
  if (typeof schema !== "object") throw new Error("expected a schema object");
  return schema;
}

/** An output that is also an input is an integer where the input is: the API's answer is the same integer. */
function asInputIntegers(outputs: ObjectProperties["properties"], inputs: ObjectProperties["properties"]): ObjectProperties["properties"] {
  return Object.fromEntries(
    Object.entries(outputs).map(([name, spec]) => [
      name,
      spec.type === "number" && inputs[name]?.type === "integer" ? { ...spec, type: "integer" } : spec,
    ]),
  );
}

/** Marks the outputs whose change replaces the resource, as its declaration says. */
function withReplaceOnChanges(properties: ObjectProperties["properties"], replacing: readonly string[]): ObjectProperties["properties"] {
  return Object.fromEntries(
    Object.entries(properties).map(([name, spec]) => [name, replacing.includes(name) ? { ...spec, replaceOnChanges: true } : spec]),
  );
}

function markSecret(properties: ObjectProperties["properties"], secrets: readonly string[] = []): ObjectProperties["properties"] {
  return Object.fromEntries(
    Object.entries(properties).map(([name, spec]) => [name, secrets.includes(name) ? { ...spec, secret: true } : spec]),
  );
}
