/**
 * The package's policy pack through the real Pulumi CLI, as a TypeScript program's `pulumi preview --policy-pack`
 * runs it: the stack budget fails the preview, naming the resource that pushes it over, with nothing created; at the
 * limit it passes, and `up` under the pack creates the stack. A negative estimate does not lower the total (an
 * advisory note names it), and a budget that is not a number fails the preview saying so.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { CommandError } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import type * as pulumi from "@pulumi/pulumi";
import type * as cp from "../../provider";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { readyPolicyPack } from "../support/policyPacks";
import { closeTestStack, openTestStack } from "../support/stack";
import { requireFrom, suiteWorkDir } from "../support/workDir";

describe("the cost policy pack", () => {
  let api: TestEmulator;
  let stack: StackDriver;
  let workDir: string;
  let packFolder: string;

  beforeAll(async () => {
    api = await startTestEmulator();
    workDir = suiteWorkDir("cost-policy-pack");
    const pack = readyPolicyPack(path.join(workDir, "bin"));
    packFolder = pack.packFolder;
    const { NetworkVolume, Pod } = requireFrom(workDir)("pulumi-computeplatform") as typeof cp;
    stack = await openTestStack({
      stackName: "e2e",
      projectName: "cost-policy-pack",
      workDir,
      config: api.stackConfig,
      envVars: pack.envVars,
      program: async () => {
        new Pod("trainer", { image: "org/trainer:1", gpu: { id: "NVIDIA L40S", count: 4 } });
        new Pod("notebook", { image: "org/notebook:1", cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 } });
        new NetworkVolume("data", { size: 730, dataCenter: "US-TX-3", type: "STANDARD" });
      },
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  const previewUnder = (budget: Record<string, number>) =>
    stack.preview({ policyPacks: [packFolder], policyPackConfigs: [packConfig(workDir, budget)] });

  // 4 × L40S in the secure cloud at 0.86 USD/h, 2 vCPUs of cpu3c at 0.03 USD/h, and 730 GB of STANDARD storage at
  // 0.07 USD per GB-month of 730 hours: 3.57 USD/h, 2606.10 USD/month.
  it("over the budget, the preview fails naming the resource that pushes it over, and nothing is created", async () => {
    const failed = await previewUnder({ maxHourlyCost: 3 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(CommandError);
    const output = String(failed);
    expect(output).toContain("[mandatory]  stack-budget");
    expect(output).toContain(
      "The stack's estimated cost, 3.5700 USD/hour (2606.10 USD/month), is over maxHourlyCost 3.0000 USD/hour. " +
        "Pushing it over, costliest first: trainer (3.4400 USD/hour).",
    );
    expect(api.emulator.requests.filter((request) => request.method !== "GET")).toEqual([]);
    expect([api.emulator.snapshot().pods, api.emulator.snapshot().networkVolumes]).toEqual([[], []]);
  });

  it("a monthly budget means the same: over it fails, exactly at it passes", async () => {
    await expect(previewUnder({ maxMonthlyCost: 2606.09 })).rejects.toThrow("is over maxMonthlyCost 2606.09 USD/month");
    const atLimit = await previewUnder({ maxMonthlyCost: 2606.1 });
    expect(changeSummary(atLimit)).toEqual({ create: 4 });
    // The pack ran and passed.
    expect(atLimit.stdout).toMatch(/✅ computeplatform-cost@v0\.1\.0 \(local: .*policy\)/);
  });

  it("exactly at the hourly limit, up under the pack creates the stack", async () => {
    expect(changeSummary(await previewUnder({ maxHourlyCost: 3.57 }))).toEqual({ create: 4 });
    const result = await stack.up({ policyPacks: [packFolder], policyPackConfigs: [packConfig(workDir, { maxHourlyCost: 3.57 })] });
    expect(changeSummary(result)).toEqual({ create: 4 });
    expect(
      api.emulator
        .snapshot()
        .pods.map((pod) => pod.name)
        .sort(),
    ).toEqual([expect.stringMatching(/^notebook/), expect.stringMatching(/^trainer/)]);
  });
});

describe("the cost policy pack's refusals", () => {
  let api: TestEmulator;
  let stack: StackDriver;
  let workDir: string;
  let packFolder: string;

  beforeAll(async () => {
    api = await startTestEmulator();
    workDir = suiteWorkDir("cost-policy-pack-refusals");
    const pack = readyPolicyPack(path.join(workDir, "bin"));
    packFolder = pack.packFolder;
    const { Pod } = requireFrom(workDir)("pulumi-computeplatform") as typeof cp;
    const { dynamic } = requireFrom(workDir)("@pulumi/pulumi") as typeof pulumi;
    stack = await openTestStack({
      stackName: "e2e",
      projectName: "cost-policy-pack-refusals",
      workDir,
      config: api.stackConfig,
      envVars: pack.envVars,
      program: async () => {
        new Pod("trainer", { image: "org/trainer:1", gpu: { id: "NVIDIA L40S", count: 4 } });
        // Any resource may carry an estimatedHourlyCost; this one claims a refund.
        const refunds: pulumi.dynamic.ResourceProvider = { create: async (inputs) => ({ id: "refund", outs: inputs }) };
        new (class Refund extends dynamic.Resource {})(refunds, "refund", { estimatedHourlyCost: -100 });
      },
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  const previewUnder = (budget: Record<string, unknown>) =>
    stack.preview({ policyPacks: [packFolder], policyPackConfigs: [packConfig(workDir, budget)] });

  it("a negative estimate does not lower the total, and an advisory note names it", async () => {
    const failed = await previewUnder({ maxHourlyCost: 3 }).then(
      () => undefined,
      (error: unknown) => String(error),
    );
    expect(failed).toContain(
      "The stack's estimated cost, 3.4400 USD/hour (2511.20 USD/month), is over maxHourlyCost 3.0000 USD/hour. " +
        "Pushing it over, costliest first: trainer (3.4400 USD/hour).",
    );
    expect(failed).toContain("[advisory]  estimates-counted");
    expect(failed).toContain("Not counted in the stack's estimated cost: the estimatedHourlyCost of refund, which is below 0.");
    expect(api.emulator.requests.filter((request) => request.method !== "GET")).toEqual([]);
  });

  it("a budget that is not a number fails the preview saying so, with nothing created", async () => {
    // The engine holds the config to the pack's schema before the pack runs; the pack refuses it too (budgetOf).
    await expect(previewUnder({ maxHourlyCost: "5" })).rejects.toThrow(
      "validating policy config: computeplatform-cost 0.1.0  stack-budget: maxHourlyCost: Invalid type. Expected: number, given: string",
    );
    expect(api.emulator.requests.filter((request) => request.method !== "GET")).toEqual([]);
  });
});

/** The pack's config file, as `--policy-pack-config` takes it: config per policy. */
function packConfig(workDir: string, budget: Record<string, unknown>): string {
  const file = path.join(workDir, `budget-${Object.entries(budget).flat().join("-")}.json`);
  fs.writeFileSync(file, JSON.stringify({ "stack-budget": budget }));
  return file;
}
