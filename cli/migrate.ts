import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { migrateV1 } from "./migrate/convert";
import { renderManifest } from "./migrate/render";
import { formatWarning } from "./migrate/warnings";
import { UserError } from "../provider/errors";
import { writePrivateFile } from "./privateFile";

export const help = `Usage: computeplatform migrate <v1.json|-> [options]

Reads v1 API objects as JSON from a file, or from standard input with -, and writes them as the
resources of a v2 YAML manifest. The input may be one create or update body, a v1 list response
(a bare array), or any array or object mixing them, such as {"pods": [...], "templates": [...]}.
The kind of each object (pod, endpoint, template, network volume, registry) is told from its
fields; the key an object is listed under settles an object whose fields fit several kinds.

An object from a list response keeps its id as "adopt", so that deploying the manifest takes
over that resource instead of creating another. Ids of registries, network volumes and templates
that are also in the input become references such as \${shared-data.id}. A create body without
a field gets what v1 gave it where v2's default differs (container disk, ports, pod volume,
idle timeout). Registry usernames and passwords, and env values that hold a secret, are never
written to the manifest: they become \${config.<key>} references, and a note on stderr names
each one and gives the 'pulumi config set' command for its key, never its value. An env value
holds a secret by its name (PASS, SECRET, CREDENTIAL, TOKEN, a _KEY, PWD, AUTH, COOKIE, PAT,
WEBHOOK, JWT, SK and the like in it) or by its value (a URL with credentials, a connection
string with a password, a known token such as sk-..., hf_..., ghp_..., xox...-, AKIA...).
Every v1 setting that v2 has no place for is named in a warning on stderr; fields that only
report state (costs, machine, timestamps) are dropped without one.

Options:
  -o, --output FILE   Write the manifest to FILE instead of standard output, readable by you only
                      (0600).
  -h, --help          Show this help.

Exit status: 0 when the manifest was written, with or without warnings; 1 when the input cannot
be read, is not JSON, or holds nothing to migrate; 2 on bad usage.
`;

export interface MigrateCommandOptions {
  /** The v1 JSON file, or `-` for standard input. */
  input: string;
  /** Where to write the manifest; standard output when undefined. */
  output: string | undefined;
}

export function parse(args: string[]): MigrateCommandOptions {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { output: { type: "string", short: "o" } },
  });
  const [input, ...extra] = positionals;
  if (input === undefined) throw new UserError("expects the v1 JSON file to read, or - for standard input");
  if (extra.length > 0) throw new UserError(`expects one input, got ${positionals.length}: ${positionals.join(" ")}`);
  if (values.output === "") throw new UserError("--output must not be empty");
  return { input, output: values.output };
}

export async function run({ input, output }: MigrateCommandOptions): Promise<void> {
  const source = input === "-" ? "standard input" : input;
  const text = await readInput(input).catch((error: NodeJS.ErrnoException) => {
    throw new UserError(`cannot read ${source}: ${error.code ?? error.message}`);
  });
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new UserError(`${source} is not JSON: ${(error as Error).message}`);
  }
  const { document, warnings } = migrateV1(value);
  for (const warning of warnings) process.stderr.write(`${formatWarning(warning)}\n`);
  if (Object.keys(document.resources).length === 0) {
    throw new UserError(`${source} holds no v1 pod, endpoint, template, network volume or registry to migrate`);
  }
  const manifest = renderManifest(document, source);
  if (output === undefined) process.stdout.write(manifest);
  else writePrivateFile(output, manifest);
}

async function readInput(input: string): Promise<string> {
  if (input !== "-") return readFile(input, "utf8");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
