/**
 * examples/gpu-pod through the real Pulumi CLI, with pulumi-computeplatform packed and installed as a user
 * would: create, no-op preview, in-place edit, replacing edit, out-of-band delete + refresh, destroy.
 * After every step the emulator holds exactly what the stack's state says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import { expectInSync } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack, openTestStack } from "../support/stack";
import { expectProvidersRequired, providerSizes, stateContains, stateResources } from "../support/state";
import { exampleProgram, suiteWorkDir } from "../support/workDir";

describe("examples/gpu-pod", () => {
  let api: TestEmulator;
  let stack: StackDriver;

  async function podId(): Promise<string | undefined> {
    return stateResources(await stack.exportState(), "Pod")[0]?.id;
  }

  beforeAll(async () => {
    api = await startTestEmulator();
    const workDir = suiteWorkDir("gpu-pod");
    stack = await openTestStack({
      program: exampleProgram(workDir, "gpu-pod"),
      stackName: "e2e",
      projectName: "gpu-pod",
      workDir,
      config: api.stackConfig,
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  it("up creates the volume and a running pod that mounts it", async () => {
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ create: 3 });
    expect(result.outputs.ssh?.value).toMatch(/^ssh /);
    expect(result.outputs.costPerHour?.value).toBeGreaterThan(0);

    const state = await expectInSync(stack, api.emulator);
    const [pod] = stateResources(state, "Pod");
    const [volume] = stateResources(state, "NetworkVolume");
    expect(pod?.outputs?.status).toBe("RUNNING");
    expect(pod?.outputs?.mounts).toEqual({ network: [{ volumeId: volume?.id, path: "/workspace" }] });
  });

  it("preview right after up shows no changes", async () => {
    expect(changeSummary(await stack.preview())).toEqual({ same: 3 });
    await expectInSync(stack, api.emulator);
  });

  it("a mount path edit updates the pod in place", async () => {
    const before = await podId();
    await stack.setConfig({ "gpu-pod:mountPath": { value: "/data" } });
    expect(changeSummary(await stack.up())).toEqual({ same: 2, update: 1 });

    const state = await expectInSync(stack, api.emulator);
    const [pod] = stateResources(state, "Pod");
    expect(pod?.id).toBe(before);
    expect(pod?.outputs?.mounts).toMatchObject({ network: [{ path: "/data" }] });
  });

  it("a GPU type edit replaces the pod", async () => {
    const before = await podId();
    await stack.setConfig({ "gpu-pod:gpuType": { value: "NVIDIA L40S" } });
    expect(changeSummary(await stack.up())).toEqual({ same: 2, replace: 1 });

    const state = await expectInSync(stack, api.emulator);
    const [pod] = stateResources(state, "Pod");
    expect(pod?.id).not.toBe(before);
    expect(pod?.outputs?.gpu).toMatchObject({ id: "NVIDIA L40S", count: 1 });
  });

  it("stores each provider as a small require() and never the API key in plain text", async () => {
    const state = await stack.exportState();
    expect(Object.keys(providerSizes(state))).toHaveLength(2);
    expectProvidersRequired(state, ["Pod", "NetworkVolume"]);
    expect(stateContains(state, api.apiKey)).toBe(false);
  });

  it("refresh drops a pod that was deleted outside the stack", async () => {
    const id = await podId();
    const deleted = await api.request("DELETE", `/v2/pods/${id}`);
    expect(deleted.ok).toBe(true);

    const result = await stack.refresh();
    expect(changeSummary(result)).toEqual({ same: 2, delete: 1 });
    const state = await expectInSync(stack, api.emulator);
    expect(stateResources(state, "Pod")).toEqual([]);
    expect(stateResources(state, "NetworkVolume")).toHaveLength(1);
  });

  it("destroy leaves the emulator empty", async () => {
    expect(changeSummary(await stack.destroy())).toEqual({ delete: 2 });
    await expectInSync(stack, api.emulator);
    const { pods, networkVolumes } = api.emulator.snapshot();
    expect(pods.filter((pod) => pod.status !== "TERMINATED")).toEqual([]);
    expect(networkVolumes).toEqual([]);
  });
});
