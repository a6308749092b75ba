/**
 * `computeplatform init` as a user meets it: the packed package's CLI scaffolds a project, which installs the
 * packed tarball with npm, type-checks its index.ts, validates its sample manifest and previews it against a
 * local emulator through the real Pulumi CLI. The preview creates nothing.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import Ajv from "ajv";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
import { exec, type Finished, stackCommandEnvironment } from "../support/subprocess";

/**
 * `npx <command>` in the project, as a user runs it, with npm's own warnings about the machine's npm
 * configuration taken out of stderr: they are not the command's output.
 */
async function npx(project: string, args: string[], env?: NodeJS.ProcessEnv): Promise<Finished> {
  const finished = await exec("npx", args, { cwd: project, ...(env === undefined ? {} : { env }) });
  const stderr = finished.stderr
    .split("\n")
    .filter((line) => !line.startsWith("npm warn "))
    .join("\n");
  return { ...finished, stderr };
}

describe("a project made by computeplatform init", () => {
  let folder: string;
  let project: string;
  let api: TestEmulator;

  beforeAll(async () => {
    const programFolder = inject("programFolder");
    // Outside the program folder, so that nothing resolves from its node_modules: the project has only its own.
    folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-init-e2e-")));
    project = path.join(folder, "gpu-lab");
    const packedCli = path.join(programFolder, "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
    const scaffolded = await exec(process.execPath, [packedCli, "init", project], { cwd: folder });
    expect([scaffolded.code, scaffolded.stderr]).toEqual([0, ""]);

    const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string };
    const tarball = path.join(programFolder, `pulumi-computeplatform-${version}.tgz`);
    const installed = await exec("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], { cwd: project });
    expect(installed.code, installed.stderr).toBe(0);
    api = await startTestEmulator();
  });

  afterAll(async () => {
    await api?.emulator.close();
    if (folder !== undefined) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("installs the schema that the sample manifest's first line names, and the manifest conforms to it", () => {
    const text = fs.readFileSync(path.join(project, "manifest.yaml"), "utf8");
    expect(text.split("\n")[0]).toBe("# yaml-language-server: $schema=./node_modules/pulumi-computeplatform/schema/manifest.json");
    const schema = JSON.parse(fs.readFileSync(path.join(project, "node_modules", "pulumi-computeplatform", "schema", "manifest.json"), "utf8"));
    const conforms = new Ajv({ strict: true, allowUnionTypes: true }).compile(schema);
    expect(conforms(parseYaml(text)) ? [] : conforms.errors).toEqual([]);
  });

  it("type-checks its index.ts against the installed package", async () => {
    expect(await npx(project, ["tsc", "--noEmit"])).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("has a valid sample manifest", async () => {
    expect(await npx(project, ["computeplatform", "validate", "manifest.yaml"])).toEqual({
      code: 0,
      stdout: [
        "manifest.yaml is valid: 2 resources, in the order they are created:",
        "  NetworkVolume  data",
        "  Pod            trainer  (after data)",
        "outputs: ssh, costPerHour, volumeId",
        "",
      ].join("\n"),
      stderr: "",
    });
  });

  it("previews a create of each sample resource against the emulator, and creates nothing", async () => {
    const env = await stackCommandEnvironment(folder, api);

    const result = await npx(project, ["computeplatform", "preview", "manifest.yaml", "--stack", "dev"], env);

    expect(result).toEqual({
      code: 0,
      stdout: [
        "Previewing stack dev with manifest.yaml:",
        "  +  create   NetworkVolume data",
        "  +  create   Pod trainer",
        "Plan: 2 to create; 0 unchanged",
        "",
      ].join("\n"),
      stderr: "",
    });
    expect(api.emulator.requests.filter((request) => request.method !== "GET")).toEqual([]);
    expect(api.emulator.snapshot()).toEqual({
      pods: [],
      clusters: [],
      endpoints: [],
      networkVolumes: [],
      templates: [],
      registries: [],
      delegations: [],
      sshKeys: {},
    });
  });
});
