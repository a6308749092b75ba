/**
 * examples/cheapest-gpu through the real Pulumi CLI: the catalog lookup picks the GPU type, the pod runs on
 * it, and a new memory need picks another type and replaces the pod. After every step the emulator holds
 * exactly what the stack's state says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import { expectInSync } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack, openTestStack } from "../support/stack";
import { stateResources } from "../support/state";
import { exampleProgram, suiteWorkDir } from "../support/workDir";

describe("examples/cheapest-gpu", () => {
  let api: TestEmulator;
  let stack: StackDriver;

  beforeAll(async () => {
    api = await startTestEmulator();
    const workDir = suiteWorkDir("cheapest-gpu");
    stack = await openTestStack({
      program: exampleProgram(workDir, "cheapest-gpu"),
      stackName: "e2e",
      projectName: "cheapest-gpu",
      workDir,
      config: api.stackConfig,
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  it("up runs the pod on the cheapest in-stock GPU type with 48 GB", async () => {
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ create: 2 });
    expect(result.outputs.gpuTypeId?.value).toBe("NVIDIA RTX A6000");
    expect(result.outputs.listPricePerHour?.value).toBe(0.49);
    expect(result.outputs.costPerHour?.value).toBe(0.49);

    const state = await expectInSync(stack, api.emulator);
    expect(stateResources(state, "Pod")[0]?.outputs?.gpu).toEqual({ id: "NVIDIA RTX A6000", count: 1 });
  });

  it("preview right after up shows no changes", async () => {
    expect(changeSummary(await stack.preview())).toEqual({ same: 2 });
    await expectInSync(stack, api.emulator);
  });

  it("a larger memory need picks another GPU type and replaces the pod", async () => {
    const before = stateResources(await stack.exportState(), "Pod")[0]?.id;
    await stack.setConfig({ "cheapest-gpu:minMemoryGb": { value: "80" } });
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ same: 1, replace: 1 });
    expect(result.outputs.gpuTypeId?.value).toBe("NVIDIA A100 80GB PCIe");

    const state = await expectInSync(stack, api.emulator);
    const [pod] = stateResources(state, "Pod");
    expect(pod?.id).not.toBe(before);
    expect(pod?.outputs?.gpu).toEqual({ id: "NVIDIA A100 80GB PCIe", count: 1 });
    expect(changeSummary(await stack.preview())).toEqual({ same: 2 });
  });

  it("destroy leaves the emulator empty", async () => {
    expect(changeSummary(await stack.destroy())).toEqual({ delete: 2 });
    await expectInSync(stack, api.emulator);
    expect(api.emulator.snapshot().pods.filter((pod) => pod.status !== "TERMINATED")).toEqual([]);
  });
});
