/**
 * A deployment killed mid-`up` (the process running the Automation API, the Pulumi engine and the provider process,
 * all at once, with SIGKILL) after the create request of a pod reached the API, then `refresh` and `up` again. The
 * checkpoint holds the create as pending; the driver's refresh settles it from the API (automation/interruptedCreates.ts)
 * before the engine would drop it and create a second pod.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as automation from "../../automation";
import { expectInSync } from "../support/compare";
import { stateContains, stateResources } from "../support/state";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { exec, stackCommandEnvironment } from "../support/subprocess";
import { requireFrom, suiteWorkDir } from "../support/workDir";
import { killProcessesIn } from "./processes";

const manifest = `resources:
  worker:
    type: Pod
    properties:
      name: interrupted-worker
      image: alpine:3
      gpu:
        id: NVIDIA GeForce RTX 4090
`;

/** How long a pod provisions, on the emulator's clock: it stays PROVISIONING until the test moves the clock on. */
const PROVISIONING_MS = 3_600_000;

const originalPath = process.env.PATH;
describe("a deployment killed after a create reached the API", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    // The kill lands while the create waits for RUNNING: the pod provisions until the test moves the clock on.
    api = await startTestEmulator(undefined, { timings: { provisioningMs: PROVISIONING_MS, startingMs: 0 } });
    folder = suiteWorkDir("interrupted");
    fs.writeFileSync(path.join(folder, "manifest.yaml"), manifest);
    env = await stackCommandEnvironment(folder, api);
    // The packed package's Automation API, used in this process below, finds the Pulumi CLI on PATH as a user's does.
    process.env.PATH = env.PATH;
  });

  // The emulator and the stack's folder go with the run: a destroy would be one more engine run, asserting nothing.
  afterAll(async () => {
    process.env.PATH = originalPath;
    await api?.emulator.close();
  });

  it("refresh takes over the pod the killed run created, and up then finds nothing to do: no second pod", async () => {
    const script =
      'require("pulumi-computeplatform/automation").openManifestStack({ manifest: "manifest.yaml", stackName: "dev" }).then((stack) => stack.up())';
    const child = spawn(process.execPath, ["-e", script], { cwd: folder, env: { ...process.env, ...env }, stdio: "ignore" });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    const createReached = () => api.emulator.requests.some((r) => r.method === "POST" && r.path === "/v2/pods" && r.status === 201);
    while (!createReached()) await Promise.race([new Promise((resolve) => setTimeout(resolve, 20)), exited]);
    // This process, the engine and the provider process all run in the stack's folder.
    expect(killProcessesIn(folder).length).toBeGreaterThanOrEqual(3);
    await exited;
    const [created] = api.emulator.snapshot().pods;
    expect(created?.status).toBe("PROVISIONING");
    // Refresh records the pod as the API shows it at that moment: the emulator brings it up, as the killed run was
    // waiting for, so that what is asserted does not depend on how fast the steps below run.
    api.emulator.clock.advance(PROVISIONING_MS);
    expect(api.emulator.snapshot().pods[0]?.status).toBe("RUNNING");

    // The killed run's lock stays behind; releasing it is the user's step, as the engine's message says.
    expect((await exec("pulumi", ["cancel", "--yes", "--stack", "dev", "--non-interactive"], { cwd: folder, env })).code).toBe(0);
    const { openManifestStack, changeSummary } = requireFrom(folder)("pulumi-computeplatform/automation") as typeof automation;
    const stack = await openManifestStack({
      manifest: path.join(folder, "manifest.yaml"),
      stackName: "dev",
      envVars: env as Record<string, string>,
      pulumiHome: env.PULUMI_HOME!,
      passphrase: env.PULUMI_CONFIG_PASSPHRASE!,
    });
    const output: string[] = [];
    const onOutput = (text: string) => output.push(text);
    expect(changeSummary(await stack.refresh({ onOutput }))).toEqual({ same: 2 });
    const state = await expectInSync(stack, api.emulator);
    expect(state.deployment?.pending_operations ?? []).toEqual([]);
    expect(stateResources(state, "Pod").map((pod) => [pod.id, pod.outputs?.status])).toEqual([[created?.id, "RUNNING"]]);

    expect(changeSummary(await stack.up({ onOutput }))).toEqual({ same: 2 });
    expect(api.emulator.snapshot().pods.map((pod) => pod.id)).toEqual([created?.id]);
    expect(api.emulator.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    const final = await expectInSync(stack, api.emulator);
    expect(stateContains(final, api.apiKey) || output.join("").includes(api.apiKey)).toBe(false);
  });
});
