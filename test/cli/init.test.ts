import { once } from "node:events";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { help } from "../../cli/init";
import { ensureBuilt } from "../support/build";
import { repoRoot } from "../support/paths";
import { exec, type Finished } from "../support/subprocess";

const main = path.join(repoRoot, "dist", "cli", "main.js");
const ownVersion = (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;

/** The template files in the order init reports them. */
const templates = ["Pulumi.yaml", "package.json", "tsconfig.json", "index.ts", "manifest.yaml", ".gitignore", ".env.example", "README.md"];
const record = ".computeplatform/init.json";
/** Every path of a scaffolded project, sorted as {@link contents} lists them. */
const scaffolded = [...templates, "AGENTS.md", "CLAUDE.md", record].sort();

/** The record init writes when it wrote `agentFiles`. */
const recordFor = (agentFiles: string[]) =>
  `${JSON.stringify(
    {
      $comment: "Written by computeplatform init: the agent files it wrote, which it does not write again once they are deleted.",
      agentFiles,
    },
    null,
    2,
  )}\n`;

/** Runs the built CLI as a user would, in `cwd`, with `env` added to this process's environment. */
const computeplatform = (args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Finished> =>
  exec(process.execPath, [main, ...args], options);

/** Every file under `folder` by relative path, sorted: its content, or for a symbolic link `-> <target>`. */
function contents(folder: string): Record<string, string> {
  const entries = fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => !entry.isDirectory());
  return Object.fromEntries(
    entries
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(folder, file), entry.isSymbolicLink() ? `-> ${fs.readlinkSync(file)}` : fs.readFileSync(file, "utf8")];
      })
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );
}

/** The report lines of the template files, each with `outcome`. */
const templateLines = (outcome: string) => templates.map((file) => `  ${outcome.padEnd(12)}${file}`);

const KEPT_NOTE = "Kept files were left as they were; run again with --force to overwrite them.";
const SKIPPED_NOTE = "Skipped agent files were deleted after init wrote them, or point to one that was; init does not write them again.";

function nextSteps(cd: string | undefined): string[] {
  return [
    "",
    "Next steps:",
    ...(cd === undefined ? [] : [`  cd ${cd}`]),
    "  npm install",
    "  cp .env.example .env   # then fill in the API key and URL, and a passphrase",
    "  npx pulumi-computeplatform dev",
    "README.md explains these steps, trying the workers against the local emulator, deploying them, and editor completion.",
    "",
  ];
}

/** What `validate` prints for the scaffolded manifest. */
const validSummary = [
  "manifest.yaml is valid: 3 resources, in the order they are created:",
  "  ServerlessEndpoint  lb-worker   Answers HTTP requests straight from CPU workers.",
  "  ServerlessEndpoint  gpu-worker  Runs jobs that need a GPU, one at a time per worker.",
  "  ServerlessEndpoint  cpu-worker  Runs jobs that need no GPU, such as preparing inputs.",
  "outputs: lbWorkerUrl, gpuWorkerRunSyncUrl, cpuWorkerRunSyncUrl",
  "",
].join("\n");

let workDir: string;
let project: string;

beforeAll(() => {
  ensureBuilt();
}, 120_000);

beforeEach(() => {
  workDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-init-")));
  project = path.join(workDir, "my-project");
});

afterEach(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe("computeplatform init on an empty folder", () => {
  test("creates the project's files, the agent files and the record, and prints each with the next steps", async () => {
    const result = await computeplatform(["init", project], { cwd: workDir });

    expect(result).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        `Project "my-project" in ${project}:`,
        ...templateLines("created"),
        "  created     AGENTS.md",
        "  created     CLAUDE.md -> AGENTS.md",
        "  created     .computeplatform/init.json",
        ...nextSteps(project),
      ].join("\n"),
    });
    const files = contents(project);
    expect(Object.keys(files)).toEqual(scaffolded);
    expect(JSON.parse(files["package.json"] ?? "")).toEqual({
      name: "my-project",
      private: true,
      main: "index.ts",
      dependencies: { "@pulumi/pulumi": "^3.248.0", "pulumi-computeplatform": `^${ownVersion}` },
      devDependencies: { "@types/node": "^20.19.0", fastify: "^5.12.8", "swagger-ui-dist": "^5.35.0", typescript: "^5.9.0" },
    });
    expect(files["Pulumi.yaml"]).toBe(
      [
        "name: my-project",
        "description: Compute Platform resources declared in a YAML manifest, deployed with pulumi-computeplatform",
        "runtime: nodejs",
        "config:",
        "  manifest:",
        "    type: string",
        "    description: The manifest to deploy, relative to this folder",
        "    default: manifest.yaml",
        "",
      ].join("\n"),
    );
    expect(files["index.ts"]).toBe(
      [
        "// Deploys the resources of a manifest (stack config `manifest`, default manifest.yaml) and exports its outputs.",
        'import * as pulumi from "@pulumi/pulumi";',
        'import { loadManifest } from "pulumi-computeplatform";',
        "",
        'const manifest = new pulumi.Config().get("manifest") ?? "manifest.yaml";',
        "export = loadManifest(manifest).then((loaded) => loaded.outputs);",
        "",
      ].join("\n"),
    );
    expect(JSON.parse(files["tsconfig.json"] ?? "")).toEqual(
      JSON.parse(fs.readFileSync(path.join(repoRoot, "examples", "gpu-pod", "tsconfig.json"), "utf8")),
    );
    expect(files[".gitignore"]?.split("\n")).toEqual(["node_modules/", ".env", ".pulumi-state/", ".computeplatform-dev.json", ""]);
    expect(files[".env.example"]?.split("\n").filter((line) => !line.startsWith("#") && line !== "")).toEqual([
      "COMPUTEPLATFORM_API_KEY=",
      "COMPUTEPLATFORM_API_URL=",
      "PULUMI_CONFIG_PASSPHRASE=",
    ]);
    expect(files["README.md"]?.split("\n")[0]).toBe("# my-project");
    const readmeCommands = [
      "npm install",
      "cp .env.example .env",
      "npx pulumi-computeplatform emulator",
      "npx pulumi-computeplatform dev",
      "curl localhost:8888/gpu-worker/runsync",
      "npx pulumi-computeplatform dev --clean",
      "npx pulumi-computeplatform preview manifest.yaml",
      "npx pulumi-computeplatform up manifest.yaml",
      "npx pulumi-computeplatform destroy manifest.yaml",
      "pulumi up",
    ];
    for (const command of readmeCommands) expect(files["README.md"]).toContain(command);
    expect(files["AGENTS.md"]?.split("\n")[0]).toBe("# Rules for coding agents working on my-project");
    expect(files["AGENTS.md"]).toContain("Run `npx pulumi-computeplatform validate manifest.yaml` after every edit");
    expect(files["CLAUDE.md"]).toBe("-> AGENTS.md");
    expect(fs.readFileSync(path.join(project, "CLAUDE.md"), "utf8")).toBe(files["AGENTS.md"]);
    expect(files[record]).toBe(recordFor(["AGENTS.md", "CLAUDE.md"]));
  });

  test("the manifest declares a load-balanced, a GPU queue-based and a CPU queue-based endpoint, each described", async () => {
    await computeplatform(["init", project], { cwd: workDir });
    const text = fs.readFileSync(path.join(project, "manifest.yaml"), "utf8");
    const manifest = parseYaml(text) as {
      resources: Record<
        string,
        { type: string; description: string; properties: { name: string; type: string; gpu?: unknown; cpu?: unknown } }
      >;
    };

    expect(text.split("\n")[0]).toBe("# yaml-language-server: $schema=./node_modules/pulumi-computeplatform/schema/manifest.json");
    expect(
      Object.entries(manifest.resources).map(([name, { type, description, properties }]) => ({
        name,
        type,
        summary: description.split("\n")[0],
        endpoint: properties.name,
        endpointType: properties.type,
        compute: properties.gpu === undefined ? "cpu" : "gpu",
      })),
    ).toEqual([
      {
        name: "lb-worker",
        type: "ServerlessEndpoint",
        summary: "Answers HTTP requests straight from CPU workers.",
        endpoint: "my-project-lb-worker",
        endpointType: "LOAD_BALANCER",
        compute: "cpu",
      },
      {
        name: "gpu-worker",
        type: "ServerlessEndpoint",
        summary: "Runs jobs that need a GPU, one at a time per worker.",
        endpoint: "my-project-gpu-worker",
        endpointType: "QUEUE",
        compute: "gpu",
      },
      {
        name: "cpu-worker",
        type: "ServerlessEndpoint",
        summary: "Runs jobs that need no GPU, such as preparing inputs.",
        endpoint: "my-project-cpu-worker",
        endpointType: "QUEUE",
        compute: "cpu",
      },
    ]);
  });

  test("validate accepts the result and prints each worker's summary", async () => {
    await computeplatform(["init", project], { cwd: workDir });

    expect(await computeplatform(["validate", "manifest.yaml"], { cwd: project })).toEqual({ code: 0, stdout: validSummary, stderr: "" });
  });
});

describe("computeplatform init on an existing project", () => {
  beforeEach(async () => {
    const first = await computeplatform(["init", project], { cwd: workDir });
    expect([first.code, first.stderr]).toEqual([0, ""]);
  });

  test("keeps every existing file, edited ones too, and says so", async () => {
    fs.writeFileSync(path.join(project, "manifest.yaml"), "resources: {}\n");
    fs.appendFileSync(path.join(project, "AGENTS.md"), "- Our own rule.\n");
    const before = contents(project);

    const result = await computeplatform(["init", project], { cwd: workDir });

    expect(result).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        `Project "my-project" in ${project}:`,
        ...templateLines("kept"),
        "  kept        AGENTS.md",
        "  kept        CLAUDE.md -> AGENTS.md",
        KEPT_NOTE,
        ...nextSteps(project),
      ].join("\n"),
    });
    expect(contents(project)).toEqual(before);
    expect(before["manifest.yaml"]).toBe("resources: {}\n");
  });

  test("--force overwrites the template files and creates missing ones, but keeps the agent files as they are", async () => {
    const fresh = contents(project);
    fs.writeFileSync(path.join(project, "manifest.yaml"), "resources: {}\n");
    fs.rmSync(path.join(project, "README.md"));
    fs.appendFileSync(path.join(project, "AGENTS.md"), "- Our own rule.\n");

    const result = await computeplatform(["init", project, "--force"], { cwd: workDir });

    expect(result).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        `Project "my-project" in ${project}:`,
        ...templateLines("overwritten").map((line) => (line.endsWith("README.md") ? "  created     README.md" : line)),
        "  kept        AGENTS.md",
        "  kept        CLAUDE.md -> AGENTS.md",
        ...nextSteps(project),
      ].join("\n"),
    });
    expect(contents(project)).toEqual({ ...fresh, "AGENTS.md": `${fresh["AGENTS.md"]}- Our own rule.\n` });
    expect(await computeplatform(["validate", "manifest.yaml"], { cwd: project })).toEqual({ code: 0, stdout: validSummary, stderr: "" });
  });

  test.each([{ force: false }, { force: true }])("does not write a deleted agent-rules file again (force: $force)", async ({ force }) => {
    fs.rmSync(path.join(project, "AGENTS.md"));
    const before = contents(project);

    const result = await computeplatform(["init", project, ...(force ? ["--force"] : [])], { cwd: workDir });

    expect(result).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        `Project "my-project" in ${project}:`,
        ...templateLines(force ? "overwritten" : "kept"),
        "  skipped     AGENTS.md",
        "  kept        CLAUDE.md -> AGENTS.md",
        ...(force ? [] : [KEPT_NOTE]),
        SKIPPED_NOTE,
        ...nextSteps(project),
      ].join("\n"),
    });
    expect(contents(project)).toEqual(before);
    expect(Object.keys(before)).toEqual(scaffolded.filter((file) => file !== "AGENTS.md"));
    expect(await computeplatform(["validate", "manifest.yaml"], { cwd: project })).toEqual({ code: 0, stdout: validSummary, stderr: "" });
  });

  test("does not write either agent file again when both were deleted", async () => {
    fs.rmSync(path.join(project, "AGENTS.md"));
    fs.rmSync(path.join(project, "CLAUDE.md"));

    const result = await computeplatform(["init", project, "-f"], { cwd: workDir });

    expect(result.stdout.split("\n").slice(9, 12)).toEqual([
      "  skipped     AGENTS.md",
      "  skipped     CLAUDE.md -> AGENTS.md",
      SKIPPED_NOTE,
    ]);
    expect(Object.keys(contents(project))).toEqual(scaffolded.filter((file) => file !== "AGENTS.md" && file !== "CLAUDE.md"));
  });

  test("writes the agent files again once their record is deleted too", async () => {
    fs.rmSync(path.join(project, "AGENTS.md"));
    fs.rmSync(path.join(project, ".computeplatform"), { recursive: true });

    const result = await computeplatform(["init", project], { cwd: workDir });

    expect(result.stdout.split("\n").slice(9, 13)).toEqual([
      "  created     AGENTS.md",
      "  kept        CLAUDE.md -> AGENTS.md",
      "  created     .computeplatform/init.json",
      KEPT_NOTE,
    ]);
    const files = contents(project);
    expect(Object.keys(files)).toEqual(scaffolded);
    expect(files[record]).toBe(recordFor(["AGENTS.md"]));
  });

  test.each([
    { written: "not json", why: `Unexpected token 'o', "not json" is not valid JSON` },
    { written: "[]", why: "Invalid input: expected object, received array" },
    { written: '{"agentFiles": "AGENTS.md"}', why: "agentFiles: Invalid input: expected array, received string" },
  ])("fails naming an unreadable record, before writing anything: $written", async ({ written, why }) => {
    fs.writeFileSync(path.join(project, record), written);
    fs.rmSync(path.join(project, "README.md"));
    const before = contents(project);

    const result = await computeplatform(["init", project, "--force"], { cwd: workDir });

    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: `computeplatform: ${path.join(project, record)} is not a valid init record (${why}); fix it, or delete it to let init write every agent file again\n`,
    });
    expect(contents(project)).toEqual(before);
  });
});

describe("computeplatform init never follows a symbolic link", () => {
  const linkError = (link: string) =>
    `computeplatform: ${link} is a symbolic link; init writes only regular files inside the project and never follows a link: move it away, then run init again\n`;

  test("--force with README.md linked to a file outside the project: fails naming the link, and writes nothing", async () => {
    const outside = path.join(workDir, "outside.md");
    fs.writeFileSync(outside, "not the project's\n");
    fs.mkdirSync(project);
    fs.symlinkSync(outside, path.join(project, "README.md"));

    const result = await computeplatform(["init", project, "--force"], { cwd: workDir });

    expect(result).toEqual({ code: 1, stdout: "", stderr: linkError(path.join(project, "README.md")) });
    expect(fs.readFileSync(outside, "utf8")).toBe("not the project's\n");
    expect(contents(project)).toEqual({ "README.md": `-> ${outside}` });
  });

  test("a dangling .computeplatform/init.json link, without --force: fails naming it, and creates nothing outside", async () => {
    const outside = path.join(workDir, "outside.json");
    fs.mkdirSync(path.join(project, ".computeplatform"), { recursive: true });
    fs.symlinkSync(outside, path.join(project, record));

    const result = await computeplatform(["init", project], { cwd: workDir });

    expect(result).toEqual({ code: 1, stdout: "", stderr: linkError(path.join(project, record)) });
    expect(fs.existsSync(outside)).toBe(false);
    expect(fs.readdirSync(workDir)).toEqual(["my-project"]);
    expect(contents(project)).toEqual({ [record]: `-> ${outside}` });
  });

  test("a .computeplatform folder linked outside the project: fails naming it, and writes nothing there", async () => {
    const outside = path.join(workDir, "outside");
    fs.mkdirSync(outside);
    fs.mkdirSync(project);
    fs.symlinkSync(outside, path.join(project, ".computeplatform"));

    const result = await computeplatform(["init", project], { cwd: workDir });

    expect(result).toEqual({ code: 1, stdout: "", stderr: linkError(path.join(project, ".computeplatform")) });
    expect(fs.readdirSync(outside)).toEqual([]);
    expect(contents(project)).toEqual({ ".computeplatform": `-> ${outside}` });
  });

  test(".env.example, which the user copies to .env and fills with the key, is written 0600, with --force too", async () => {
    const created = await computeplatform(["init", project], { cwd: workDir });
    expect([created.code, created.stderr]).toEqual([0, ""]);
    expect(fs.statSync(path.join(project, ".env.example")).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(project, "manifest.yaml")).mode & 0o777).toBe(0o666 & ~process.umask());
    fs.chmodSync(path.join(project, ".env.example"), 0o644);

    const forced = await computeplatform(["init", project, "--force"], { cwd: workDir });

    expect([forced.code, forced.stderr]).toEqual([0, ""]);
    expect(fs.statSync(path.join(project, ".env.example")).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(project).filter((file) => file.endsWith(".tmp"))).toEqual([]);
  });
});

describe("computeplatform init", () => {
  test("adds to a folder that holds other files, which it leaves alone, and links to an agent-rules file of the user's", async () => {
    const existing = path.join(workDir, "existing");
    fs.mkdirSync(existing);
    fs.writeFileSync(path.join(existing, "notes.txt"), "mine\n");
    fs.writeFileSync(path.join(existing, ".gitignore"), "dist/\n");
    fs.writeFileSync(path.join(existing, "AGENTS.md"), "# Our rules\n");

    const result = await computeplatform(["init", "existing"], { cwd: workDir });

    expect(result.code).toBe(0);
    expect(result.stdout.split("\n").slice(0, 14)).toEqual([
      `Project "existing" in ${existing}:`,
      "  created     Pulumi.yaml",
      "  created     package.json",
      "  created     tsconfig.json",
      "  created     index.ts",
      "  created     manifest.yaml",
      "  kept        .gitignore",
      "  created     .env.example",
      "  created     README.md",
      "  kept        AGENTS.md",
      "  created     CLAUDE.md -> AGENTS.md",
      "  created     .computeplatform/init.json",
      KEPT_NOTE,
      "",
    ]);
    expect(result.stdout).toContain("\n  cd existing\n");
    const files = contents(existing);
    expect(Object.keys(files)).toEqual([...scaffolded, "notes.txt"].sort());
    expect([files["notes.txt"], files[".gitignore"], files["AGENTS.md"], files[record]]).toEqual([
      "mine\n",
      "dist/\n",
      "# Our rules\n",
      recordFor(["CLAUDE.md"]),
    ]);
  });

  test("does not link to an agent-rules file that was deleted after init wrote it", async () => {
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "CLAUDE.md"), "# Our rules\n");
    await computeplatform(["init", project], { cwd: workDir });
    expect(contents(project)[record]).toBe(recordFor(["AGENTS.md"]));
    fs.rmSync(path.join(project, "AGENTS.md"));
    fs.rmSync(path.join(project, "CLAUDE.md"));

    const result = await computeplatform(["init", project], { cwd: workDir });

    expect(result.stdout.split("\n").slice(9, 13)).toEqual([
      "  skipped     AGENTS.md",
      "  skipped     CLAUDE.md -> AGENTS.md",
      KEPT_NOTE,
      SKIPPED_NOTE,
    ]);
    expect(Object.keys(contents(project))).toEqual(scaffolded.filter((file) => file !== "AGENTS.md" && file !== "CLAUDE.md"));
  });

  test("init . scaffolds the current folder, named after it", async () => {
    const current = path.join(workDir, "Team GPU.lab");
    fs.mkdirSync(current);

    const result = await computeplatform(["init", ".", "-f"], { cwd: current });

    expect(result).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        `Project "team-gpu.lab" in ${current}:`,
        ...templateLines("created"),
        "  created     AGENTS.md",
        "  created     CLAUDE.md -> AGENTS.md",
        "  created     .computeplatform/init.json",
        ...nextSteps(undefined),
      ].join("\n"),
    });
    expect(Object.keys(contents(current))).toEqual(scaffolded);
    expect(fs.readFileSync(path.join(current, "Pulumi.yaml"), "utf8").split("\n")[0]).toBe("name: team-gpu.lab");
    expect(fs.readFileSync(path.join(current, "manifest.yaml"), "utf8")).toContain("      name: team-gpu.lab-gpu-worker\n");
  });

  test("quotes a folder with spaces in the cd step", async () => {
    const result = await computeplatform(["init", "GPU lab's"], { cwd: workDir });

    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Project "gpu-lab-s" in ${path.join(workDir, "GPU lab's")}:\n`);
    expect(result.stdout).toContain(`\n  cd 'GPU lab'\\''s'\n`);
  });

  test("calls no API: the configured API receives no connection", async () => {
    const connections: net.Socket[] = [];
    const api = net.createServer((socket) => {
      connections.push(socket);
      socket.destroy();
    });
    api.listen(0, "127.0.0.1");
    await once(api, "listening");
    const url = `http://127.0.0.1:${(api.address() as net.AddressInfo).port}`;
    try {
      const result = await computeplatform(["init", "offline"], {
        cwd: workDir,
        env: { COMPUTEPLATFORM_API_URL: url, COMPUTEPLATFORM_JOB_URL: url, COMPUTEPLATFORM_API_KEY: "unused" },
      });

      expect([result.code, result.stderr]).toEqual([0, ""]);
      expect(Object.keys(contents(path.join(workDir, "offline")))).toEqual(scaffolded);
      expect(connections).toEqual([]);
    } finally {
      api.close();
    }
  });

  test("--help documents the command and its flags", async () => {
    const result = await computeplatform(["init", "--help"], { cwd: workDir });

    expect(result).toEqual({ code: 0, stdout: help, stderr: "" });
    expect(help.split("\n")[0]).toBe("Usage: computeplatform init <PROJECT_NAME|.> [--force]");
    expect(help).toContain("  -f, --force ");
    expect(help).toContain("  -h, --help ");
    expect(fs.readdirSync(workDir)).toEqual([]);
  });

  test.each([
    { args: [], message: "expects one project name, its folder (. for the current one); got 0" },
    { args: ["one", "two"], message: "expects one project name, its folder (. for the current one); got 2" },
    { args: [""], message: "the project name must not be empty" },
  ])("exits 2 on a missing or extra project name and writes nothing: $args", async ({ args, message }) => {
    const result = await computeplatform(["init", ...args], { cwd: workDir });

    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: `computeplatform init: ${message}\nRun 'computeplatform init --help' for usage.\n`,
    });
    expect(fs.readdirSync(workDir)).toEqual([]);
  });

  test.each([
    { args: ["one", "--bogus"], message: "Unknown option '--bogus'" },
    { args: ["one", "--force=yes"], message: "Option '-f, --force' does not take an argument" },
  ])("exits 2 on a bad flag and writes nothing: $args", async ({ args, message }) => {
    const result = await computeplatform(["init", ...args], { cwd: workDir });

    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.startsWith(`computeplatform init: ${message}`)).toBe(true);
    expect(result.stderr.endsWith("\nRun 'computeplatform init --help' for usage.\n")).toBe(true);
    expect(fs.readdirSync(workDir)).toEqual([]);
  });

  test("fails with exit 1 when the target is a file", async () => {
    fs.writeFileSync(path.join(workDir, "taken"), "");

    const result = await computeplatform(["init", "taken"], { cwd: workDir });

    expect(result).toEqual({ code: 1, stdout: "", stderr: `computeplatform: ${path.join(workDir, "taken")} exists and is not a folder\n` });
  });
});
