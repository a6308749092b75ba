import * as fs from "node:fs";
import { parseArgs } from "node:util";
import { descriptionSummary, formatIssue, type ManifestValidation, validateManifest } from "../provider/manifest";
import { UserError } from "../provider/errors";
import { refusingReservedNames } from "./dev/ownRoutes";
import { terminalText } from "./terminalText";

export const help = `Usage: computeplatform validate <manifest> [options]

Checks a YAML manifest without calling the API and without credentials: its YAML, its
shape (resource types, properties and options), every reference (to a declared resource
and one of its outputs, without cycles), that secrets come from stack config, and each
resource's properties against the same rules that \`preview\` applies, and that no
serverless endpoint takes a name \`computeplatform dev\` serves itself (docs). Values that
come from references are checked when they are known, at preview.

On success it prints the resources in creation order, each with the first line of its
description, and exits 0. Otherwise it prints each error as
<file>:<line>:<column>: <property path>: <message> and exits 1.

Options:
  --json       Print one JSON object instead: { valid, file, resources, outputs, issues }.
  -h, --help   Show this help.
`;

export interface ValidateOptions {
  manifest: string;
  json: boolean;
}

export function parse(args: string[]): ValidateOptions {
  const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: { json: { type: "boolean" } } });
  const [manifest, ...extra] = positionals;
  if (manifest === undefined) throw new UserError("name the manifest to validate");
  if (extra.length > 0) throw new UserError(`unexpected arguments: ${extra.join(" ")}`);
  return { manifest, json: values.json ?? false };
}

export async function run({ manifest, json }: ValidateOptions): Promise<number> {
  const validation = refusingReservedNames(await validateManifest({ file: manifest, text: readManifest(manifest) }));
  if (json) process.stdout.write(`${JSON.stringify(report(manifest, validation), null, 2)}\n`);
  else if (validation.manifest) process.stdout.write(terminalText(describe(validation)));
  else
    process.stderr.write(
      terminalText(`${validation.issues.map(formatIssue).join("\n")}\n${count(validation.issues.length, "error")} in ${manifest}\n`),
    );
  return validation.manifest ? 0 : 1;
}

/** Reads a manifest file, failing with a message that names it. */
export function readManifest(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new UserError(`cannot read the manifest ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function report(file: string, { manifest, issues }: ManifestValidation) {
  return {
    valid: manifest !== undefined,
    file,
    resources: (manifest?.resources ?? []).map(({ name, type, description, dependencies, position }) => ({
      name,
      type,
      ...(description === undefined ? {} : { description }),
      dependsOn: dependencies,
      ...position,
    })),
    outputs: Object.keys(manifest?.outputs ?? {}),
    issues,
  };
}

function describe({ manifest }: ManifestValidation): string {
  const { file, resources, outputs } = manifest!;
  const width = Math.max(...resources.map((resource) => resource.type.length));
  const lines = [`${file} is valid: ${count(resources.length, "resource")}, in the order they are created:`];
  const rows = resources.map(({ type, name, description, dependencies }) => ({
    resource: `  ${type.padEnd(width)}  ${name}${dependencies.length > 0 ? `  (after ${dependencies.join(", ")})` : ""}`,
    summary: descriptionSummary(description),
  }));
  const resourceWidth = Math.max(...rows.filter((row) => row.summary !== undefined).map((row) => row.resource.length));
  for (const { resource, summary } of rows) lines.push(summary === undefined ? resource : `${resource.padEnd(resourceWidth)}  ${summary}`);
  const outputNames = Object.keys(outputs);
  if (outputNames.length > 0) lines.push(`outputs: ${outputNames.join(", ")}`);
  return `${lines.join("\n")}\n`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
