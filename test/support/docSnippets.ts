import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { parse as parseYaml } from "yaml";
import { EXCERPT_MARKER } from "../../scripts/docs/referencePages";
import { exec } from "./subprocess";

/** One fenced code block of a Markdown page. */
export interface Snippet {
  /** The page, relative to the docs root. */
  file: string;
  /** The line of the opening fence, from 1. */
  line: number;
  language: string;
  text: string;
  /** The comment on the line before the fence (`<!-- excerpt -->`, `<!-- file: NAME -->`, ...), if any. */
  marker?: string;
}

/** The pages whose code blocks must run: the README and every Markdown file under docs/. */
export function documentationPages(root: string): string[] {
  const docs = path.join(root, "docs");
  const pages = fs.existsSync(docs)
    ? fs
        .readdirSync(docs, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".md"))
        .map((file) => path.join("docs", file).split(path.sep).join("/"))
    : [];
  return ["README.md", ...pages.sort()];
}

/** Every fenced block of `file` (relative to `root`), with its position and the marker before it. */
export function snippetsOf(root: string, file: string): Snippet[] {
  const lines = fs.readFileSync(path.join(root, file), "utf8").split("\n");
  const snippets: Snippet[] = [];
  for (let index = 0; index < lines.length; index++) {
    const fence = /^(`{3,})(\S*)\s*$/.exec(lines[index] ?? "");
    if (fence === null) continue;
    const end = lines.findIndex((line, at) => at > index && line.trimEnd() === fence[1]);
    if (end === -1) throw new Error(`${file}:${index + 1}: a code block that never closes`);
    const before = (lines[index - 1] ?? "").trim();
    snippets.push({
      file,
      line: index + 1,
      language: fence[2] ?? "",
      text: `${lines.slice(index + 1, end).join("\n")}\n`,
      ...(/^<!--.*-->$/.test(before) ? { marker: before } : {}),
    });
    index = end;
  }
  return snippets;
}

/** What a page's blocks run with. */
export interface SnippetContext {
  /** A fresh folder below the packed package's install, where the page's blocks run in order. */
  newFolder(): string;
  /** The environment of sh blocks and programs: the CLI and `pulumi` on PATH, the emulator's URL and key, state in the folder. */
  environment(folder: string): Promise<NodeJS.ProcessEnv>;
}

const INSTALL_MARKER = /^<!-- install: .+ -->$/;
const FILE_MARKER = /^<!-- file: (\S+) -->$/;
const NODE_MARKER = "<!-- run: node -->";

/** What the runner does with a block, or why it cannot run it. */
export type SnippetAction = "skip" | "file" | "sh" | "json" | "manifest" | "program" | "script" | { cannotRun: string };

/**
 * What the runner does with `snippet`:
 * - `<!-- excerpt -->`: nothing; `<!-- install: ... -->`: nothing, as test/e2e/install.test.ts runs those;
 * - `<!-- file: NAME -->` writes the block to NAME in the page's folder (a manifest is then checked with
 *   `computeplatform validate`, JSON parsed);
 * - `sh` blocks run with bash (`-e`, `-o pipefail`) in the page's folder;
 * - `ts` blocks are Pulumi programs, deployed and destroyed through the real CLI (`<!-- run: node -->`: a script run with Node);
 * - `yaml` blocks are manifests, checked with `computeplatform validate`; `json` blocks are parsed.
 * Any other block must be marked as an excerpt.
 */
export function actionOf(snippet: Snippet): SnippetAction {
  const marker = snippet.marker ?? "";
  if (marker === EXCERPT_MARKER || INSTALL_MARKER.test(marker)) return "skip";
  if (FILE_MARKER.test(marker)) return "file";
  switch (snippet.language) {
    case "sh":
    case "bash":
      return "sh";
    case "json":
      return "json";
    case "yaml":
      return isManifest(snippet)
        ? "manifest"
        : { cannotRun: `is not a manifest: mark it ${EXCERPT_MARKER} or give it a file name with <!-- file: NAME -->` };
    case "ts":
      return marker === NODE_MARKER ? "script" : "program";
    default:
      return { cannotRun: `cannot be run: mark it ${EXCERPT_MARKER}` };
  }
}

/**
 * Runs every block of `file` that is not an excerpt (see {@link actionOf}), in order, in one fresh folder, and returns
 * one message per failing block as `file:line: ...`.
 */
export async function runPageSnippets(root: string, file: string, context: SnippetContext): Promise<string[]> {
  const failures: string[] = [];
  let folder: string | undefined;
  let env: NodeJS.ProcessEnv = {};
  for (const snippet of snippetsOf(root, file)) {
    const action = actionOf(snippet);
    if (action === "skip") continue;
    if (folder === undefined) {
      folder = context.newFolder();
      env = await context.environment(folder);
    }
    const problem = typeof action === "object" ? action.cannotRun : await runSnippet(snippet, action, folder, env);
    if (problem !== undefined) failures.push(`${snippet.file}:${snippet.line}: ${snippet.language || "untyped"} block ${problem}`);
  }
  return failures;
}

async function runSnippet(
  snippet: Snippet,
  action: Exclude<SnippetAction, object | "skip">,
  folder: string,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  switch (action) {
    case "file": {
      const target = FILE_MARKER.exec(snippet.marker ?? "")?.[1] ?? "";
      fs.mkdirSync(path.dirname(path.join(folder, target)), { recursive: true });
      fs.writeFileSync(path.join(folder, target), snippet.text);
      if (isManifest(snippet)) return validate(target, folder, env);
      return snippet.language === "json" ? parseJson(snippet.text) : undefined;
    }
    case "sh":
      return outcome(await exec("bash", ["-e", "-o", "pipefail", "-c", snippet.text], { cwd: folder, env }));
    case "json":
      return parseJson(snippet.text);
    case "manifest":
      fs.writeFileSync(path.join(folder, "snippet.yaml"), snippet.text);
      return validate("snippet.yaml", folder, env);
    case "script":
      return runScript(snippet, folder, env);
    case "program":
      return deployProgram(snippet, folder, env);
  }
}

function parseJson(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return `is not JSON: ${(error as Error).message}`;
  }
}

function isManifest(snippet: Snippet): boolean {
  if (snippet.language !== "yaml") return false;
  try {
    const document = parseYaml(snippet.text) as Record<string, unknown> | null;
    return typeof document === "object" && document !== null && "resources" in document && !("runtime" in document);
  } catch {
    return false;
  }
}

async function validate(manifest: string, folder: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return outcome(await exec("computeplatform", ["validate", manifest], { cwd: folder, env }), "computeplatform validate");
}

function outcome(result: { code: number | null; stdout: string; stderr: string }, what = "it"): string | undefined {
  if (result.code === 0) return undefined;
  return `failed: ${what} exited ${result.code}\n${result.stdout}${result.stderr}`.trimEnd();
}

/**
 * The block as a CommonJS module that exports one async function running it: top-level `await` works inside it,
 * and what the block exports is what the function returns (a program's stack outputs).
 */
function asModule(snippet: Snippet, folder: string): string {
  const { outputText } = ts.transpileModule(snippet.text, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const file = path.join(folder, `snippet-${snippet.line}.js`);
  fs.writeFileSync(
    file,
    `module.exports = async () => {\nconst module = { exports: {} };\nconst exports = module.exports;\n${outputText}\nreturn module.exports;\n};\n`,
  );
  return file;
}

async function runScript(snippet: Snippet, folder: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const run = `require(${JSON.stringify(asModule(snippet, folder))})().catch((error) => { console.error(error); process.exit(1); });`;
  return outcome(await exec(process.execPath, ["-e", run], { cwd: folder, env }));
}

/** Deploys the block as a Pulumi program with the installed package's Automation API driver, then destroys it. */
async function deployProgram(snippet: Snippet, folder: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  // A manifest deployed earlier on the page made the folder a Pulumi project: the program joins it, in a stack of its own.
  const project = path.join(folder, "Pulumi.yaml");
  const projectName = fs.existsSync(project)
    ? String((parseYaml(fs.readFileSync(project, "utf8")) as { name: unknown }).name)
    : "docs-snippets";
  const options = { stackName: `line-${snippet.line}`, projectName, workDir: folder };
  const run = `const { openStack } = require("pulumi-computeplatform/automation");
(async () => {
  const stack = await openStack({ ...${JSON.stringify(options)}, program: require(${JSON.stringify(asModule(snippet, folder))}) });
  try { await stack.up(); } finally { await stack.destroy(); await stack.remove(); }
})().catch((error) => { console.error(error); process.exit(1); });`;
  return outcome(await exec(process.execPath, ["-e", run], { cwd: folder, env }));
}
