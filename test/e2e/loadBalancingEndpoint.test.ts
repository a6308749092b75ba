/**
 * examples/load-balancing-endpoint through the real Pulumi CLI: create, a preview with no changes, a worker
 * bound changed in place, destroy. After every step the emulator holds exactly what the stack's state says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import { expectInSync } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack, openTestStack } from "../support/stack";
import { expectProvidersRequired } from "../support/state";
import { exampleProgram, suiteWorkDir } from "../support/workDir";

describe("examples/load-balancing-endpoint", () => {
  let api: TestEmulator;
  let stack: StackDriver;

  beforeAll(async () => {
    api = await startTestEmulator();
    const workDir = suiteWorkDir("load-balancing-endpoint");
    stack = await openTestStack({
      program: exampleProgram(workDir, "load-balancing-endpoint"),
      stackName: "e2e",
      projectName: "load-balancing-endpoint",
      workDir,
      config: api.stackConfig,
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  it("up creates the endpoint with its base and health URLs", async () => {
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ create: 2 });
    const [endpoint] = api.emulator.snapshot().endpoints;
    expect(result.outputs.baseUrl?.value).toBe(`${api.emulator.url}/v2/lb/${endpoint?.id}`);
    expect(result.outputs.healthUrl?.value).toBe(`${api.emulator.url}/v2/lb/${endpoint?.id}/ping`);
    expect(result.outputs.workers?.value).toEqual({ min: 1, max: 4, idleTimeout: 10 });
    expect(endpoint).toMatchObject({ type: "LOAD_BALANCER", gpu: null, cpu: [{ id: "cpu3c", vcpuCount: 4, memory: 8 }] });
    expectProvidersRequired(await expectInSync(stack, api.emulator), ["ServerlessEndpoint"]);
  });

  it("preview right after up shows no changes", async () => {
    expect(changeSummary(await stack.preview())).toEqual({ same: 2 });
  });

  it("a new scaling target and more workers update it in place", async () => {
    await stack.setConfig({
      "load-balancing-endpoint:maxWorkers": { value: "8" },
      "load-balancing-endpoint:requestsPerWorker": { value: "32" },
    });
    expect(changeSummary(await stack.up())).toEqual({ same: 1, update: 1 });
    await expectInSync(stack, api.emulator);
    const [endpoint] = api.emulator.snapshot().endpoints;
    expect([endpoint?.workers.max, endpoint?.scaling]).toEqual([8, { type: "REQUEST_COUNT", requestCount: 32 }]);
    expect(changeSummary(await stack.preview())).toEqual({ same: 2 });
  });

  it("destroy leaves the emulator empty", async () => {
    expect(changeSummary(await stack.destroy())).toEqual({ delete: 2 });
    await expectInSync(stack, api.emulator);
    expect(api.emulator.snapshot().endpoints).toEqual([]);
  });
});
