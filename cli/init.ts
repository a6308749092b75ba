import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { readOwnPackage } from "./init/ownPackage";
import { projectFiles } from "./init/projectFiles";
import { projectNameFor } from "./init/projectName";
import { writeProjectFiles } from "./init/writeProjectFiles";

export const summary = "Create a Pulumi project that deploys a YAML manifest";

export const help = `Usage: computeplatform init <folder> [--force]

Creates a ready-to-run Pulumi project in <folder> (created if missing; . is the current folder)
that deploys manifest.yaml with pulumi-computeplatform: Pulumi.yaml, package.json,
tsconfig.json, index.ts, a sample manifest.yaml (a network volume and a GPU pod), .gitignore,
.env.example (API key, API URL and state passphrase) and a README.md with the next steps. The
project is named after the folder. Only local files are written; no API is called. Files
that exist already are kept unless --force is given; other files in the folder are never
touched.

Options:
  -f, --force   Overwrite files that exist already. Default: keep them
  -h, --help    Show this help.
`;

/** What `computeplatform init` was asked to do. */
export interface InitCommandOptions {
  /** The project folder as given on the command line. */
  folder: string;
  /** Overwrite existing files instead of keeping them. */
  force: boolean;
}

export function parse(args: string[]): InitCommandOptions {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { force: { type: "boolean", short: "f" } },
  });
  if (positionals.length !== 1) {
    throw new Error(`expects one project folder (. for the current one); got ${positionals.length}`);
  }
  const [folder = ""] = positionals;
  if (folder === "") throw new Error("the project folder must not be empty");
  return { folder, force: values.force ?? false };
}

export async function run({ folder, force }: InitCommandOptions): Promise<void> {
  const target = path.resolve(folder);
  if (fs.existsSync(target) && !fs.statSync(target).isDirectory()) throw new Error(`${target} exists and is not a folder`);
  const name = projectNameFor(target);
  const outcomes = await writeProjectFiles(target, projectFiles(name, readOwnPackage()), force);

  const lines = [`Project "${name}" in ${target}:`];
  for (const { path: file, outcome } of outcomes) lines.push(`  ${outcome.padEnd(12)}${file}`);
  if (outcomes.some(({ outcome }) => outcome === "kept")) {
    lines.push("Kept files were left as they were; run again with --force to overwrite them.");
  }
  lines.push(
    "",
    "Next steps:",
    ...(target === process.cwd() ? [] : [`  cd ${shellWord(folder)}`]),
    "  npm install",
    "  cp .env.example .env   # then fill in the API key and URL, and a passphrase",
    "  npx computeplatform preview manifest.yaml",
    "README.md explains these steps, running against the local emulator, deploying, and editor completion.",
  );
  process.stdout.write(`${lines.join("\n")}\n`);
}

/** `word` as one shell word, quoted only when it needs to be. */
function shellWord(word: string): string {
  return /^[\w./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
