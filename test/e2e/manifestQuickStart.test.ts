/**
 * The README's manifest quick start, run as written in an empty folder outside any `node_modules`: from a global
 * install into an empty prefix, and through `npx`. This checkout is not on the registry, so its packed tarball
 * stands in for the package name. Also, in the same folder: a first `up` that fails leaves no project behind, a
 * preview of a new stack creates none, and `drift` of a stack that does not exist exits 2.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { snippetsOf } from "../support/docSnippets";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
import { exec, stackCommandEnvironment } from "../support/subprocess";

const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string };

/** The README block after `marker`. */
function readmeBlock(marker: string): string {
  const block = snippetsOf(repoRoot, "README.md").find((snippet) => snippet.marker === marker);
  if (block === undefined) throw new Error(`README.md has no block after ${marker}`);
  return block.text;
}

const install = readmeBlock("<!-- install: global -->");
const manifest = readmeBlock("<!-- file: manifest.yaml -->");
const commands = readmeBlock("<!-- install: manifest -->");
const npmFlags = ["--prefer-offline", "--no-audit", "--no-fund"];

describe("the README's manifest quick start", () => {
  let api: TestEmulator;
  let root: string;
  let tarball: string;
  const emptyFolder = (name: string) => {
    const folder = path.join(root, name);
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, "manifest.yaml"), manifest);
    return folder;
  };
  /** What the folder holds besides the manifest and the test's own state and Pulumi home. */
  const projectFiles = (folder: string) =>
    fs.readdirSync(folder).filter((name) => ![".pulumi-state", ".pulumi-home", "manifest.yaml"].includes(name));
  const stackNames = async (folder: string, env: NodeJS.ProcessEnv) => {
    const listed = await exec("pulumi", ["stack", "ls", "--all", "--json", "--non-interactive"], { cwd: folder, env });
    expect(listed.code, listed.stderr).toBe(0);
    return (JSON.parse(listed.stdout) as Array<{ name: string }>).map((stack) => stack.name);
  };
  /** Runs the README's commands block as written, `shim` (shell code) first, and checks what each command did. */
  const runQuickStart = async (folder: string, env: NodeJS.ProcessEnv, shim = "") => {
    const result = await exec("bash", ["-e", "-o", "pipefail", "-c", `${shim}${commands}`], { cwd: folder, env });
    const context = result.stdout + result.stderr;
    expect(result.code, context).toBe(0);
    const [volume] = api.emulator.requests.filter((request) => request.method === "POST" && request.path === "/v2/network-volumes");
    expect(volume?.status, context).toBe(201);
    expect(result.stdout, context).toMatch(/^Done: 1 created$/m);
    expect(result.stdout, context).toMatch(/^No drift: 1 resource matches the stack's state\.$/m);
    expect(result.stdout, context).toMatch(/^Done: 1 deleted$/m);
    expect(api.emulator.snapshot().networkVolumes).toEqual([]);
  };

  beforeAll(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-quickstart-")));
    tarball = path.join(inject("programFolder"), `pulumi-computeplatform-${version}.tgz`);
    api = await startTestEmulator();
  });

  afterAll(async () => {
    await api?.emulator.close();
    if (root !== undefined) fs.rmSync(root, { recursive: true, force: true });
  });

  describe("from a global install", () => {
    let folder: string;
    let env: NodeJS.ProcessEnv;

    beforeAll(async () => {
      expect(install).toBe("npm install -g pulumi-computeplatform\n");
      const prefix = path.join(root, "prefix");
      const installed = await exec("npm", ["install", "-g", "--prefix", prefix, ...npmFlags, tarball], { cwd: root });
      expect(installed.code, installed.stderr).toBe(0);
      folder = emptyFolder("global");
      const base = await stackCommandEnvironment(folder, api);
      env = { ...base, PATH: `${path.join(prefix, "bin")}${path.delimiter}${base.PATH}` };
    }, 600_000);

    it("a first up that fails leaves no project, no stack config and no stack behind", async () => {
      const failed = await exec("computeplatform", ["up", "manifest.yaml"], {
        cwd: folder,
        env: { ...env, COMPUTEPLATFORM_API_KEY: "wrong-key" },
      });
      expect(failed.code, failed.stdout + failed.stderr).toBe(1);
      expect(failed.stderr).toContain("Removed stack dev and Pulumi.yaml, which this run created: nothing was deployed.");
      expect(projectFiles(folder)).toEqual([]);
      expect(await stackNames(folder, env)).toEqual([]);
    });

    it("a preview of the new stack previews its creation and leaves nothing behind", async () => {
      const preview = await exec("computeplatform", ["preview", "manifest.yaml"], { cwd: folder, env });
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
      expect(preview.stdout).toContain("Stack dev does not exist yet: previewing its creation (only `computeplatform up` creates it).");
      expect(preview.stdout).toContain("  +  create   NetworkVolume data");
      expect(preview.stderr).toBe("Removed stack dev again and Pulumi.yaml: only `computeplatform up` creates a stack.\n");
      expect(projectFiles(folder)).toEqual([]);
      expect(await stackNames(folder, env)).toEqual([]);
    });

    it("runs validate, up, drift and destroy as written", async () => {
      await runQuickStart(folder, env);
    });

    it("drift, refresh and destroy of a stack that does not exist say so and exit 2, creating nothing", async () => {
      for (const command of ["drift", "refresh", "destroy"]) {
        const result = await exec("computeplatform", [command, "manifest.yaml", "--stack", "prdo"], { cwd: folder, env });
        expect(result).toEqual({
          code: 2,
          stdout: "",
          stderr: `${command} failed: stack prdo does not exist in ${env.PULUMI_BACKEND_URL}; its stacks: dev. Name one with --stack; only \`up\` creates a stack.\n`,
        });
      }
      expect(projectFiles(folder).sort()).toEqual(["Pulumi.dev.yaml", "Pulumi.yaml"]);
      expect(await stackNames(folder, env)).toEqual(["dev"]);
    });
  });

  it("through npx, runs validate, up, drift and destroy as written", { timeout: 600_000 }, async () => {
    const folder = emptyFolder("npx");
    const env = await stackCommandEnvironment(folder, api);
    api.emulator.resetRequests();
    // `npx pulumi-computeplatform` where the README says `computeplatform`, the tarball standing in for the name.
    const shim = `computeplatform() { npx --yes ${npmFlags.join(" ")} --package ${JSON.stringify(tarball)} pulumi-computeplatform "$@"; }\n`;
    await runQuickStart(folder, env, shim);
  });
});
