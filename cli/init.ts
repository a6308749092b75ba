import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { AGENT_RULES_FILE, AGENT_RULES_LINK } from "./init/agentRules";
import { INIT_RECORD, readInitRecord } from "./init/initRecord";
import { readOwnPackage } from "./ownPackage";
import { agentFiles, projectFiles } from "./init/projectFiles";
import { projectNameFor } from "./init/projectName";
import { refuseLinks } from "./init/regularFiles";
import { writeAgentFiles } from "./init/writeAgentFiles";
import { writeProjectFiles } from "./init/writeProjectFiles";
import { UserError } from "../provider/errors";

export const help = `Usage: computeplatform init <PROJECT_NAME|.> [--force]

Creates a project in the folder PROJECT_NAME (created if missing; . is the current folder),
named after the folder. Its workers are three serverless endpoints in manifest.yaml: a
load-balanced one, a GPU queue-based one and a CPU queue-based one, ready for
\`computeplatform dev\` and \`computeplatform up\`. With them: Pulumi.yaml, package.json,
tsconfig.json and index.ts (the Pulumi program that deploys the manifest), .gitignore,
.env.example (API key, API URL and state passphrase), a README.md with the next steps, and
${AGENT_RULES_FILE}, the rules for coding agents, with ${AGENT_RULES_LINK} as a second name for it.

Only local files are written; no API is called. Files that exist already are kept unless
--force is given; other files in the folder are never touched. The agent files are written
only where absent, --force or not, and not again once deleted: ${INIT_RECORD}
records the ones init wrote. init never follows a symbolic link: a link in place of a file
it writes, or of .computeplatform, is an error that names it, and nothing is written.

Options:
  -f, --force   Overwrite files that exist already, except the agent files. Default: keep them
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
    throw new UserError(`expects one project name, its folder (. for the current one); got ${positionals.length}`);
  }
  const [folder = ""] = positionals;
  if (folder === "") throw new UserError("the project name must not be empty");
  return { folder, force: values.force ?? false };
}

export async function run({ folder, force }: InitCommandOptions): Promise<void> {
  const target = path.resolve(folder);
  if (fs.existsSync(target) && !fs.statSync(target).isDirectory()) throw new UserError(`${target} exists and is not a folder`);
  const name = projectNameFor(target);
  const own = readOwnPackage();
  const templates = projectFiles(name, own);
  // Before reading or writing anything: the record is read too, and a link could show an outside file's text.
  await refuseLinks(target, [...templates.map((file) => file.path), INIT_RECORD]);
  const written = await readInitRecord(target);
  const templateReports = await writeProjectFiles(target, templates, force);
  const agents = await writeAgentFiles(target, agentFiles(name, own), written);

  const lines = [`Project "${name}" in ${target}:`];
  for (const { path: file, outcome, linkTo } of [...templateReports, ...agents]) {
    lines.push(`  ${outcome.padEnd(12)}${file}${linkTo === undefined ? "" : ` -> ${linkTo}`}`);
  }
  if (templateReports.some(({ outcome }) => outcome === "kept")) {
    lines.push("Kept files were left as they were; run again with --force to overwrite them.");
  }
  if (agents.some(({ outcome }) => outcome === "skipped")) {
    lines.push("Skipped agent files were deleted after init wrote them, or point to one that was; init does not write them again.");
  }
  lines.push(
    "",
    "Next steps:",
    ...(target === process.cwd() ? [] : [`  cd ${shellWord(folder)}`]),
    "  npm install",
    "  cp .env.example .env   # then fill in the API key and URL, and a passphrase",
    "  npx pulumi-computeplatform dev",
    "README.md explains these steps, trying the workers against the local emulator, deploying them, and editor completion.",
  );
  process.stdout.write(`${lines.join("\n")}\n`);
}

/** `word` as one shell word, quoted only when it needs to be. */
function shellWord(word: string): string {
  return /^[\w./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
