/**
 * examples/gpu-fallback through the real Pulumi CLI, in the demo's manner (the compiled example run from a folder
 * the package is packed into), against an emulator with H100 sold out: the preview warns of it, the pod runs on
 * the cheapest acceptable configuration with capacity without a create for the H100, and a later `up` keeps it
 * there once H100s are free again. After every step the emulator holds exactly what the stack's state says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import { expectInSync } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack, openTestStack } from "../support/stack";
import { exampleProgram, suiteWorkDir } from "../support/workDir";

const H100 = "NVIDIA H100 80GB HBM3";

describe("examples/gpu-fallback", () => {
  let api: TestEmulator;
  let stack: StackDriver;

  beforeAll(async () => {
    api = await startTestEmulator();
    for (const dataCenterId of ["US-CA-2", "EU-SE-1"]) api.emulator.stock.setGpu(H100, dataCenterId, { secure: 0, community: 0 });
    const workDir = suiteWorkDir("gpu-fallback");
    stack = await openTestStack({
      program: exampleProgram(workDir, "gpu-fallback"),
      stackName: "e2e",
      projectName: "gpu-fallback",
      workDir,
      config: api.stackConfig,
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  it("preview warns that H100 is short, and creates nothing", async () => {
    let output = "";
    expect(changeSummary(await stack.preview({ onOutput: (text) => (output += text) }))).toEqual({ create: 2 });
    expect(output).toContain(`pod "trainer": short of capacity right now: 1 x ${H100}: NONE in US-CA-2, EU-SE-1`);
    expect(api.emulator.requests.filter((request) => request.method === "POST")).toEqual([]);
  });

  it("up runs the trainer on the cheapest acceptable configuration, the A100 ($1.64/h before 2 x L40S at $1.72/h)", async () => {
    api.emulator.resetRequests();
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ create: 2 });
    expect(result.outputs.gpu?.value).toEqual({ id: "NVIDIA A100 80GB PCIe", count: 1 });
    expect(result.outputs.costPerHour?.value).toBe(1.64);
    expect(api.emulator.requests.filter((request) => request.method === "POST" && request.path === "/v2/pods")).toHaveLength(1);
    await expectInSync(stack, api.emulator);
  });

  it("a later up, with H100s free again, changes nothing", async () => {
    for (const dataCenterId of ["US-CA-2", "EU-SE-1"]) api.emulator.stock.setGpu(H100, dataCenterId, { secure: 8 });
    expect(changeSummary(await stack.up())).toEqual({ same: 2 });
    await expectInSync(stack, api.emulator);
  });
});
