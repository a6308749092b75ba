/**
 * The package's policy pack through the real Pulumi CLI, as a TypeScript program's `pulumi preview --policy-pack`
 * runs it: the stack budget fails the preview, naming the resource that pushes it over, with nothing created; at the
 * limit it passes, and `up` under the pack creates the stack.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { CommandError } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
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

  /** The pack's config file, as `--policy-pack-config` takes it: config per policy. */
  function packConfig(budget: Record<string, number>): string {
    const file = path.join(workDir, `budget-${Object.entries(budget).flat().join("-")}.json`);
    fs.writeFileSync(file, JSON.stringify({ "stack-budget": budget }));
    return file;
  }

  const previewUnder = (budget: Record<string, number>) =>
    stack.preview({ policyPacks: [packFolder], policyPackConfigs: [packConfig(budget)] });

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
    const result = await stack.up({ policyPacks: [packFolder], policyPackConfigs: [packConfig({ maxHourlyCost: 3.57 })] });
    expect(changeSummary(result)).toEqual({ create: 4 });
    expect(
      api.emulator
        .snapshot()
        .pods.map((pod) => pod.name)
        .sort(),
    ).toEqual([expect.stringMatching(/^notebook/), expect.stringMatching(/^trainer/)]);
  });
});
