/**
 * State safety: after `pulumi login file://…` (in a Pulumi home of its own), `computeplatform up` of a manifest and
 * an Automation API run of the repository's root program (Pulumi.yaml → dist/program/index.js, run inline because the
 * Node.js language host is not available here) in the same folder use the one backend `pulumi` would use, so they
 * see one state: the second finds the pod the first made and changes nothing.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type * as automation from "../../automation";
import { expectInSync } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
import { stateResources } from "../support/state";
import { exec, stackCommandEnvironment } from "../support/subprocess";
import { requireFrom, suiteWorkDir } from "../support/workDir";

const manifest = `resources:
  worker:
    type: Pod
    properties:
      name: one-state
      image: alpine:3
      gpu:
        id: NVIDIA GeForce RTX 4090
`;

const originalPath = process.env.PATH;
describe("computeplatform up and pulumi in the same folder share one state", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;
  let loginBackend: string;
  let stack: automation.StackDriver | undefined;

  beforeAll(async () => {
    api = await startTestEmulator();
    folder = suiteWorkDir("state-backend");
    fs.copyFileSync(path.join(repoRoot, "Pulumi.yaml"), path.join(folder, "Pulumi.yaml"));
    fs.mkdirSync(path.join(folder, "dist", "program"), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, "dist", "program", "index.js"), path.join(folder, "dist", "program", "index.js"));
    fs.writeFileSync(path.join(folder, "manifest.yaml"), manifest);
    // No PULUMI_BACKEND_URL: the backend must come from the login.
    const { PULUMI_BACKEND_URL: _unset, ...rest } = await stackCommandEnvironment(folder, api);
    env = rest;
    // The packed package's Automation API, used in this process below, finds the Pulumi CLI on PATH as a user's does.
    process.env.PATH = env.PATH;
    loginBackend = `file://${path.join(folder, "logged-in-state")}`;
    fs.mkdirSync(path.join(folder, "logged-in-state"));
    const login = await exec("pulumi", ["login", loginBackend], { cwd: folder, env: { ...env, PULUMI_BACKEND_URL: "" } });
    expect(login.code, login.stderr).toBe(0);
  });

  afterAll(async () => {
    process.env.PATH = originalPath;
    await stack?.destroy();
    await api?.emulator.close();
  });

  it("computeplatform up keeps its state in the logged-in backend, saying nothing about a local folder", async () => {
    const cli = path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
    const result = await exec(process.execPath, [cli, "up", "manifest.yaml"], { cwd: folder, env: { ...env, PULUMI_BACKEND_URL: "" } });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).not.toContain("No Pulumi backend is configured");
    // The test environment made the fallback folder; nothing was written to it.
    expect(fs.readdirSync(path.join(folder, ".pulumi-state"))).toEqual([]);
    expect(fs.readdirSync(path.join(folder, "logged-in-state"))).toEqual([".pulumi"]);
  });

  it("an Automation API run of the root program finds the same stack and the same pod, and changes nothing", async () => {
    const { openStack, changeSummary } = requireFrom(folder)("pulumi-computeplatform/automation") as typeof automation;
    const entry = path.join(folder, "dist", "program", "index.js");
    const program = async () => {
      const load = requireFrom(folder);
      delete load.cache[entry];
      return (await (load(entry) as Promise<Record<string, unknown>>)) ?? {};
    };
    const previous = process.env.PULUMI_BACKEND_URL;
    delete process.env.PULUMI_BACKEND_URL;
    try {
      stack = await openStack({
        program,
        stackName: "dev",
        projectName: "computeplatform-manifest",
        workDir: folder,
        pulumiHome: env.PULUMI_HOME!,
        passphrase: env.PULUMI_CONFIG_PASSPHRASE!,
        envVars: { COMPUTEPLATFORM_API_URL: api.emulator.url, COMPUTEPLATFORM_API_KEY: api.apiKey },
        config: { "computeplatform-manifest:manifest": { value: path.join(folder, "manifest.yaml") } },
      });
    } finally {
      if (previous !== undefined) process.env.PULUMI_BACKEND_URL = previous;
    }
    expect(stack.backend).toEqual({ url: loginBackend, source: "login" });
    const [pod] = api.emulator.snapshot().pods;
    expect(stateResources(await stack.exportState(), "Pod").map((resource) => resource.id)).toEqual([pod?.id]);
    expect(changeSummary(await stack.up())).toEqual({ same: 2 });
    expect(api.emulator.snapshot().pods.map((live) => live.id)).toEqual([pod?.id]);
    await expectInSync(stack, api.emulator);
  });
});
