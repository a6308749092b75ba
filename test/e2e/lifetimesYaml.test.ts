/**
 * A Pod's `lifetime` in Pulumi YAML, through the native plugin, with the emulator's clock moved rather than waited
 * for: `computeplatform expire` pointed at the program's folder stops the pod past `stopAfter` with one action call
 * and records it; a following `pulumi up` of the unchanged program leaves it stopped, as no change; renewing
 * `stopAfter` starts it again.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { type Deployment, LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ensurePulumiCli, fileBackend } from "../../automation";
import { startEmulator } from "../../emulator";
import { repoRoot } from "../support/paths";
import { exec } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";

const program = (stopAfter: string) => `name: yaml-lifetime
runtime: yaml
plugins:
  providers:
    - name: computeplatform
      path: ./node_modules/.bin
resources:
  notebook:
    type: computeplatform:index:Pod
    properties:
      name: notebook
      image: jupyter/base-notebook:latest
      gpu: { id: NVIDIA GeForce RTX 4090, count: 1 }
      lifetime: { stopAfter: ${stopAfter} }
`;

describe("a Pod's lifetime in Pulumi YAML, through the native plugin", () => {
  const apiKey = `e2e-${randomBytes(18).toString("base64url")}`;
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  let stack: Stack;
  let workDir: string;
  let env: Record<string, string>;

  const notebook = async () => {
    const state = (await stack.exportStack()) as Deployment;
    const resources = (state.deployment?.resources ?? []) as Array<{ type: string; id: string; outputs: Record<string, unknown> }>;
    return resources.find((resource) => resource.type === "computeplatform:index:Pod");
  };
  const expire = () => {
    const cli = path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
    return exec(process.execPath, [cli, "expire", ".", "--stack", "e2e"], { cwd: workDir, env });
  };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, apiKeys: [apiKey], timings: { provisioningMs: 200, startingMs: 300 } });
    const { stdout: languageHost } = await exec("bash", [path.join(repoRoot, "scripts/pulumi-language-yaml.sh")], { cwd: repoRoot });
    const pulumi = await ensurePulumiCli();
    workDir = suiteWorkDir("yaml-lifetime");
    fs.writeFileSync(path.join(workDir, "Pulumi.yaml"), program("2h"));
    fs.symlinkSync(path.join(inject("programFolder"), "node_modules"), path.join(workDir, "node_modules"));
    env = {
      PATH: [path.dirname(languageHost.trim()), path.dirname(pulumi.path), process.env.PATH ?? ""].join(path.delimiter),
      PULUMI_HOME: path.join(workDir, ".pulumi-home"),
      PULUMI_BACKEND_URL: fileBackend(path.join(workDir, ".pulumi-state")),
      PULUMI_CONFIG_PASSPHRASE: randomBytes(16).toString("hex"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    stack = await LocalWorkspace.createOrSelectStack(
      { stackName: "e2e", workDir },
      { workDir, envVars: env, pulumiHome: env.PULUMI_HOME, pulumiCommand: pulumi.command },
    );
    await stack.setAllConfig({
      "computeplatform:apiUrl": { value: emulator.url },
      "computeplatform:apiKey": { value: apiKey, secret: true },
    });
  });

  afterAll(async () => {
    try {
      if (stack && ((await stack.exportStack()).deployment?.resources?.length ?? 0) > 0) await stack.destroy();
    } finally {
      await emulator?.close();
    }
  });

  it("expire stops the pod past stopAfter, up leaves it stopped, and a renewed lifetime starts it again", async () => {
    await stack.up();
    const created = await notebook();
    expect(created?.outputs).toMatchObject({ status: "RUNNING", lifetimeState: "active", lifetime: { stopAfter: "2h" } });
    expect(Date.parse(String(created?.outputs.expiresAt)) - Date.parse(String(created?.outputs.lifetimeSince))).toBe(2 * 3_600_000);

    emulator.clock.advance(2 * 3_600_000);
    const before = emulator.requests.length;
    const run = await expire();
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(emulator.requests.slice(before).map(({ method, path: at }) => `${method} ${at}`)).toEqual([
      "GET /v2/pods",
      `POST /v2/pods/${created?.id}/action`,
    ]);
    expect((await notebook())?.outputs).toMatchObject({ status: "EXITED", cost: 0, lifetimeState: "stopped: lifetime" });

    const writes = emulator.requests.length;
    const unchanged = await stack.up({ diff: true });
    expect(unchanged.summary.resourceChanges, unchanged.stdout).toEqual({ same: 2 });
    expect(emulator.requests.slice(writes).filter(({ method }) => method !== "GET")).toEqual([]);
    expect(emulator.snapshot().pods.map((pod) => pod.status)).toEqual(["EXITED"]);

    fs.writeFileSync(path.join(workDir, "Pulumi.yaml"), program("4h"));
    await stack.up();
    expect(emulator.snapshot().pods.map((pod) => pod.status)).toEqual(["RUNNING"]);
    const renewed = await notebook();
    expect(renewed?.outputs).toMatchObject({ status: "RUNNING", lifetimeState: "active", lifetime: { stopAfter: "4h" } });
    expect(Date.parse(String(renewed?.outputs.expiresAt))).toBeGreaterThan(
      Date.parse(String(created?.outputs.expiresAt)) + 2 * 3_600_000 - 60_000,
    );
  });
});
