import { once } from "node:events";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { help } from "../../cli/init";
import { ensureBuilt } from "../support/build";
import { repoRoot } from "../support/paths";
import { exec, type Finished } from "../support/subprocess";

const main = path.join(repoRoot, "dist", "cli", "main.js");
const ownVersion = (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;

/** The scaffolded files in the order init reports them; `scaffolded` is the sorted list, as a folder listing compares. */
const reportedOrder = ["Pulumi.yaml", "package.json", "tsconfig.json", "index.ts", "manifest.yaml", ".gitignore", ".env.example", "README.md"];
const scaffolded = [...reportedOrder].sort();

/** Runs the built CLI as a user would, in `cwd`, with `env` added to this process's environment. */
const computeplatform = (args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Finished> =>
  exec(process.execPath, [main, ...args], options);

/** Every file in `folder`, by name, with its content. */
function contents(folder: string): Record<string, string> {
  return Object.fromEntries(fs.readdirSync(folder).map((name) => [name, fs.readFileSync(path.join(folder, name), "utf8")]));
}

function nextSteps(cd: string | undefined): string[] {
  return [
    "",
    "Next steps:",
    ...(cd === undefined ? [] : [`  cd ${cd}`]),
    "  npm install",
    "  cp .env.example .env   # then fill in the API key and URL, and a passphrase",
    "  npx computeplatform preview manifest.yaml",
    "README.md explains these steps, running against the local emulator, deploying, and editor completion.",
    "",
  ];
}

let workDir: string;

beforeAll(() => {
  ensureBuilt();
}, 120_000);

beforeEach(() => {
  workDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-init-")));
});

afterEach(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe("computeplatform init", () => {
  test("creates the project's files in a new folder and prints each file and the next steps", async () => {
    const project = path.join(workDir, "my-project");

    const result = await computeplatform(["init", project], { cwd: workDir });

    expect(result).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        `Project "my-project" in ${project}:`,
        "  created     Pulumi.yaml",
        "  created     package.json",
        "  created     tsconfig.json",
        "  created     index.ts",
        "  created     manifest.yaml",
        "  created     .gitignore",
        "  created     .env.example",
        "  created     README.md",
        ...nextSteps(project),
      ].join("\n"),
    });
    const files = contents(project);
    expect(Object.keys(files).sort()).toEqual(scaffolded);
    expect(JSON.parse(files["package.json"] ?? "")).toEqual({
      name: "my-project",
      private: true,
      main: "index.ts",
      dependencies: { "@pulumi/pulumi": "^3.248.0", "pulumi-computeplatform": `^${ownVersion}` },
      devDependencies: { "@types/node": "^20.19.0", typescript: "^5.9.0" },
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
    expect(files["manifest.yaml"]?.split("\n")[0]).toBe(
      "# yaml-language-server: $schema=./node_modules/pulumi-computeplatform/schema/manifest.json",
    );
    expect(files[".gitignore"]?.split("\n")).toEqual(["node_modules/", ".env", ".pulumi-state/", ""]);
    expect(files[".env.example"]?.split("\n").filter((line) => !line.startsWith("#") && line !== "")).toEqual([
      "COMPUTEPLATFORM_API_KEY=",
      "COMPUTEPLATFORM_API_URL=",
      "PULUMI_CONFIG_PASSPHRASE=",
    ]);
    expect(files["README.md"]?.split("\n")[0]).toBe("# my-project");
    const readmeCommands = [
      "npm install",
      "cp .env.example .env",
      "npx computeplatform emulator",
      "npx computeplatform preview manifest.yaml",
      "npx computeplatform up manifest.yaml",
      "npx computeplatform destroy manifest.yaml",
      "pulumi up",
    ];
    for (const command of readmeCommands) {
      expect(files["README.md"]).toContain(command);
    }
  });

  test("keeps every existing file, edited ones too, and says so", async () => {
    const project = path.join(workDir, "my-project");
    await computeplatform(["init", project], { cwd: workDir });
    fs.writeFileSync(path.join(project, "manifest.yaml"), "resources: {}\n");
    const before = contents(project);

    const result = await computeplatform(["init", project], { cwd: workDir });

    expect(result).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        `Project "my-project" in ${project}:`,
        "  kept        Pulumi.yaml",
        "  kept        package.json",
        "  kept        tsconfig.json",
        "  kept        index.ts",
        "  kept        manifest.yaml",
        "  kept        .gitignore",
        "  kept        .env.example",
        "  kept        README.md",
        "Kept files were left as they were; run again with --force to overwrite them.",
        ...nextSteps(project),
      ].join("\n"),
    });
    expect(contents(project)).toEqual(before);
    expect(before["manifest.yaml"]).toBe("resources: {}\n");
  });

  test("--force overwrites existing files with the templates", async () => {
    const project = path.join(workDir, "my-project");
    await computeplatform(["init", project], { cwd: workDir });
    const templates = contents(project);
    fs.writeFileSync(path.join(project, "manifest.yaml"), "resources: {}\n");
    fs.rmSync(path.join(project, "README.md"));

    const result = await computeplatform(["init", project, "--force"], { cwd: workDir });

    expect(result).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        `Project "my-project" in ${project}:`,
        "  overwritten Pulumi.yaml",
        "  overwritten package.json",
        "  overwritten tsconfig.json",
        "  overwritten index.ts",
        "  overwritten manifest.yaml",
        "  overwritten .gitignore",
        "  overwritten .env.example",
        "  created     README.md",
        ...nextSteps(project),
      ].join("\n"),
    });
    expect(contents(project)).toEqual(templates);
  });

  test("adds to a folder that holds other files, which it leaves alone", async () => {
    const project = path.join(workDir, "existing");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "notes.txt"), "mine\n");
    fs.writeFileSync(path.join(project, ".gitignore"), "dist/\n");

    const result = await computeplatform(["init", "existing"], { cwd: workDir });

    expect(result.code).toBe(0);
    expect(result.stdout.split("\n").slice(0, 11)).toEqual([
      `Project "existing" in ${project}:`,
      "  created     Pulumi.yaml",
      "  created     package.json",
      "  created     tsconfig.json",
      "  created     index.ts",
      "  created     manifest.yaml",
      "  kept        .gitignore",
      "  created     .env.example",
      "  created     README.md",
      "Kept files were left as they were; run again with --force to overwrite them.",
      "",
    ]);
    expect(result.stdout).toContain("\n  cd existing\n");
    const files = contents(project);
    expect(Object.keys(files).sort()).toEqual([...scaffolded, "notes.txt"].sort());
    expect([files["notes.txt"], files[".gitignore"]]).toEqual(["mine\n", "dist/\n"]);
  });

  test("init . scaffolds the current folder, named after it", async () => {
    const project = path.join(workDir, "Team GPU.lab");
    fs.mkdirSync(project);

    const result = await computeplatform(["init", ".", "-f"], { cwd: project });

    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        `Project "team-gpu.lab" in ${project}:`,
        ...reportedOrder.map((file) => `  created     ${file}`),
        ...nextSteps(undefined),
      ].join("\n"),
    );
    expect(Object.keys(contents(project)).sort()).toEqual(scaffolded);
    expect(fs.readFileSync(path.join(project, "Pulumi.yaml"), "utf8").split("\n")[0]).toBe("name: team-gpu.lab");
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
      expect(Object.keys(contents(path.join(workDir, "offline"))).sort()).toEqual(scaffolded);
      expect(connections).toEqual([]);
    } finally {
      api.close();
    }
  });

  test("--help documents the command and its flags", async () => {
    const result = await computeplatform(["init", "--help"], { cwd: workDir });

    expect(result).toEqual({ code: 0, stdout: help, stderr: "" });
    expect(help).toContain("  -f, --force ");
    expect(help).toContain("  -h, --help ");
    expect(fs.readdirSync(workDir)).toEqual([]);
  });

  test.each([
    { args: [], message: "expects one project folder (. for the current one); got 0" },
    { args: ["one", "two"], message: "expects one project folder (. for the current one); got 2" },
    { args: [""], message: "the project folder must not be empty" },
  ])("exits 2 on a missing or extra folder and writes nothing: $args", async ({ args, message }) => {
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
