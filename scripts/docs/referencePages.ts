import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { type KindName, kinds } from "../../provider/kindRegistry";
import { PULUMI_SCHEMA_FILE } from "../../provider/plugin/schemaFile";

/** Where the generated reference pages live, relative to the project root. */
export const REFERENCE_FOLDER = "docs/reference";

/** The command that regenerates the reference pages. */
export const REGENERATE_REFERENCE_COMMAND = "npm run docs";

/** The line before a fenced block that the snippet runner must not run. */
export const EXCERPT_MARKER = "<!-- excerpt -->";

interface PropertySpec {
  type?: string;
  $ref?: string;
  description?: string;
  secret?: boolean;
  default?: unknown;
  replaceOnChanges?: boolean;
  items?: PropertySpec;
  additionalProperties?: PropertySpec;
  oneOf?: PropertySpec[];
}
interface ObjectSpec {
  description?: string;
  properties?: Record<string, PropertySpec>;
  required?: string[];
}
interface ResourceSpec {
  description?: string;
  properties: Record<string, PropertySpec>;
  inputProperties: Record<string, PropertySpec>;
  requiredInputs?: string[];
}
interface PackageSchema {
  name: string;
  types: Record<string, ObjectSpec>;
  resources: Record<string, ResourceSpec>;
  functions: Record<string, { description?: string; inputs: ObjectSpec; outputs: ObjectSpec }>;
}

const HEADER = (source: string) =>
  `<!-- Generated from ${source} by \`${REGENERATE_REFERENCE_COMMAND}\`; edit the TSDoc of the declarations, not this page. -->`;

/**
 * The reference pages, by path relative to the project root: one per resource kind, one for the data functions and an
 * index, all generated from the Pulumi package schema (descriptions, types, required, secret, defaults and
 * replaceOnChanges where the schema has them) and each resource class's `@example` TSDoc. The same input always gives
 * the same bytes.
 */
export function generateReferencePages(projectRoot: string): Map<string, string> {
  const schema = JSON.parse(fs.readFileSync(path.join(projectRoot, PULUMI_SCHEMA_FILE), "utf8")) as PackageSchema;
  const examples = classExamples(path.join(projectRoot, "provider"));
  const pages = new Map<string, string>();
  const kinds = Object.keys(schema.resources).map(shortName).sort();
  for (const kind of kinds) {
    const resource = schema.resources[`${schema.name}:index:${kind}`] as ResourceSpec;
    pages.set(`${REFERENCE_FOLDER}/${kind}.md`, resourcePage(schema, kind, resource, examples.get(kind)));
  }
  pages.set(`${REFERENCE_FOLDER}/functions.md`, functionsPage(schema));
  pages.set(`${REFERENCE_FOLDER}/README.md`, indexPage(schema, kinds));
  return pages;
}

function shortName(token: string): string {
  return token.slice(token.lastIndexOf(":") + 1);
}

function indexPage(schema: PackageSchema, kinds: string[]): string {
  const lines = [HEADER(PULUMI_SCHEMA_FILE), "", "# Reference", "", "| Resource | What it is |", "|---|---|"];
  for (const kind of kinds)
    lines.push(`| [${kind}](${kind}.md) | ${cell(firstSentence(schema.resources[`${schema.name}:index:${kind}`]?.description))} |`);
  lines.push("", `The data functions (${Object.keys(schema.functions).length} of them) are on [one page](functions.md).`, "");
  return lines.join("\n");
}

function resourcePage(schema: PackageSchema, kind: string, resource: ResourceSpec, example: string | undefined): string {
  const token = `${schema.name}:index:${kind}`;
  const required = new Set(resource.requiredInputs ?? []);
  const inputs = Object.entries(resource.inputProperties);
  const nested = new NestedTypes(schema);
  const lines = [
    HEADER(PULUMI_SCHEMA_FILE),
    "",
    `# ${kind}`,
    "",
    paragraph(resource.description),
    "",
    `TypeScript: \`new cp.${kind}(name, args)\`. Manifest: \`type: ${kind}\`. Pulumi YAML and other languages: \`${token}\`.`,
    "",
    "## Arguments",
    "",
    "| Name | Type | Required | On change | Description |",
    "|---|---|---|---|---|",
    ...inputs.map(
      ([name, spec]) =>
        `| \`${name}\`${spec.secret ? " (secret)" : ""} | ${nested.typeOf(spec)} | ${required.has(name) ? "yes" : "no"} | ${onChange(name, spec)} | ${cell(describe(spec))} |`,
    ),
    "",
    "## Outputs",
    "",
    "| Name | Type | Description |",
    "|---|---|---|",
    ...Object.entries(resource.properties).map(
      ([name, spec]) =>
        `| \`${name}\`${spec.secret ? " (secret)" : ""} | ${nested.typeOf(spec)} | ${cell(describe(spec.description ? spec : { ...spec, ...resource.inputProperties[name] }))} |`,
    ),
    "",
    "## Adopt and import",
    "",
    adoptAndImport(kind, token, "adopt" in resource.inputProperties),
    "",
  ];
  if (example !== undefined) lines.push("## Example", "", EXCERPT_MARKER, "```ts", example, "```", "");
  lines.push(...nested.sections());
  return `${lines.join("\n").trimEnd()}\n`;
}

function functionsPage(schema: PackageSchema): string {
  const nested = new NestedTypes(schema);
  const names = Object.keys(schema.functions).map(shortName);
  const lines = [
    HEADER(PULUMI_SCHEMA_FILE),
    "",
    "# Data functions",
    "",
    "Each function is exported twice from `pulumi-computeplatform`: `getX(args)` returns a Promise, and `getXOutput(args)` takes",
    "Inputs and returns an Output. In Pulumi YAML and other languages each is the invoke `computeplatform:index:getX`. Arguments are",
    "checked before any API call, and an error names the one at fault.",
    "",
    ...names.map((name) => `- [\`${name}\`](#${name.toLowerCase()})`),
    "",
  ];
  for (const name of names) {
    const spec = schema.functions[`${schema.name}:index:${name}`]!;
    const inputs = Object.entries(spec.inputs.properties ?? {});
    const required = new Set(spec.inputs.required ?? []);
    lines.push(`## ${name}`, "", paragraph(spec.description), "");
    if (inputs.length === 0) lines.push("No arguments.", "");
    else
      lines.push(
        "| Argument | Type | Required | Description |",
        "|---|---|---|---|",
        ...inputs.map(
          ([input, property]) =>
            `| \`${input}\` | ${nested.typeOf(property)} | ${required.has(input) ? "yes" : "no"} | ${cell(describe(property))} |`,
        ),
        "",
      );
    lines.push(
      "| Result | Type | Description |",
      "|---|---|---|",
      ...Object.entries(spec.outputs.properties ?? {}).map(
        ([output, property]) => `| \`${output}\` | ${nested.typeOf(property)} | ${cell(describe(property))} |`,
      ),
      "",
    );
  }
  lines.push(...nested.sections());
  return `${lines.join("\n").trimEnd()}\n`;
}

function adoptAndImport(kind: string, token: string, adoptable: boolean): string {
  const adopt = adoptable
    ? `**Adopt:** set \`adopt\` to the id of an existing ${kind} to take it over instead of creating one: its create-only fields must match the arguments, the rest is updated to them.`
    : `**Adopt:** not available; a ${kind} is always created.`;
  // What the engine can import is a property of each kind's `read`, which its declaration states, not of the schema.
  const importing = kinds[kind as KindName].importable
    ? `**Import:** \`pulumi import ${token} <name> <id>\` with the native plugin; the code it generates previews with no changes.`
    : `**Import:** not supported by the native plugin${adoptable ? ": use `adopt`" : ""}.`;
  return `${adopt}\n\n${importing}`;
}

/** "replaces" or "in place" from the schema's `replaceOnChanges`, else from the words of the description. */
function onChange(name: string, spec: PropertySpec): string {
  if (name === "adopt") return "create only";
  if (spec.replaceOnChanges !== undefined) return spec.replaceOnChanges ? "replaces" : "in place";
  const text = spec.description ?? "";
  // The last sentences of a declared field's description say what a change does, generated from its fate.
  if (/read when the \w+ is created or adopted/i.test(text)) return "create only";
  if (/a change replaces the \w+ only when|, except when [^.]*, which replaces the \w+\./i.test(text)) return "replaces (see description)";
  if (/create-only: a change replaces[^.]*only when/i.test(text)) return "replaces (see description)";
  if (/(changing it|changing the [^.]*|switching between them|create-only: a change|a change) replaces/i.test(text)) return "replaces";
  if (/(changes|grows|applied) in place/i.test(text)) return "in place";
  return "see description";
}

function describe(spec: PropertySpec): string {
  const text = spec.description ?? "";
  return spec.default === undefined ? text : `${text}${text === "" ? "" : " "}Default: \`${JSON.stringify(spec.default)}\`.`;
}

function firstSentence(text = ""): string {
  const match = /^[\s\S]*?\.(?=\s|$)/.exec(text.trim());
  return match ? match[0] : text.trim();
}

function paragraph(text = ""): string {
  return text.trim().replace(/\{@link ([^}]+)\}/g, "`$1`");
}

/** A Markdown table cell: one line, pipes escaped. */
function cell(text: string): string {
  return paragraph(text)
    .replace(/\s*\n+\s*/g, " ")
    .replace(/\|/g, "\\|");
}

/** The object types a page refers to, each rendered once as a section of its own, in the order first met. */
class NestedTypes {
  private readonly seen = new Set<string>();
  private readonly order: string[] = [];
  constructor(private readonly schema: PackageSchema) {}

  typeOf(spec: PropertySpec): string {
    if (spec.$ref !== undefined) {
      if (spec.$ref === "pulumi.json#/Any") return "any";
      const name = shortName(spec.$ref.slice("#/types/".length));
      this.visit(name);
      return `[${name}](#${name.toLowerCase()})`;
    }
    if (spec.oneOf !== undefined) return spec.oneOf.map((alternative) => this.typeOf(alternative)).join(" or ");
    if (spec.type === "array" && spec.items !== undefined) return `list of ${this.typeOf(spec.items)}`;
    if (spec.type === "object" && spec.additionalProperties !== undefined) return `map of ${this.typeOf(spec.additionalProperties)}`;
    return spec.type ?? "any";
  }

  private visit(name: string): void {
    if (this.seen.has(name)) return;
    this.seen.add(name);
    this.order.push(name);
  }

  /** Renders every type met so far, including the ones those refer to. */
  sections(): string[] {
    const lines: string[] = [];
    for (let index = 0; index < this.order.length; index++) {
      const name = this.order[index]!;
      const spec = this.schema.types[`${this.schema.name}:index:${name}`] ?? {};
      const required = new Set(spec.required ?? []);
      const rows = Object.entries(spec.properties ?? {}).map(
        ([property, child]) =>
          `| \`${property}\`${child.secret ? " (secret)" : ""} | ${this.typeOf(child)} | ${required.has(property) ? "yes" : "no"} | ${cell(describe(child))} |`,
      );
      if (index === 0) lines.push("## Types", "");
      lines.push(`### ${name}`, "");
      if (spec.description) lines.push(paragraph(spec.description), "");
      lines.push("| Field | Type | Required | Description |", "|---|---|---|---|", ...rows, "");
    }
    return lines;
  }
}

/** The `@example` TSDoc of every exported class under `folder`, by class name. */
function classExamples(folder: string): Map<string, string> {
  const examples = new Map<string, string>();
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).sort()) {
    if (!file.endsWith(".ts")) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(folder, file), "utf8"), ts.ScriptTarget.ES2022, true);
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement) || statement.name === undefined) continue;
      const example = ts.getJSDocTags(statement).find((tag) => tag.tagName.text === "example");
      const text = example ? ts.getTextOfJSDocComment(example.comment) : undefined;
      if (text) examples.set(statement.name.text, text.trim());
    }
  }
  return examples;
}
