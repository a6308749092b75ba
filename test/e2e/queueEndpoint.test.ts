/**
 * examples/queue-endpoint through the real Pulumi CLI: a credential, a serverless template that names it, a
 * queue-based endpoint made from the template, and a smoke-test job through its queue; a preview with no
 * changes; a worker bound changed in place; destroy. After every step the emulator holds exactly what the
 * stack's state says, and the registry password is nowhere in the state.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import { expectInSync } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack, openTestStack } from "../support/stack";
import { expectProvidersRequired, stateContains, stateResources } from "../support/state";
import { exampleProgram, suiteWorkDir } from "../support/workDir";

const PASSWORD = "ghp-workers-3c7a91e0d4";
const ROTATED_PASSWORD = "ghp-workers-rotated-81f2b6c9";

describe("examples/queue-endpoint", () => {
  let api: TestEmulator;
  let stack: StackDriver;
  let endpointId: string;

  beforeAll(async () => {
    api = await startTestEmulator();
    const workDir = suiteWorkDir("queue-endpoint");
    stack = await openTestStack({
      program: exampleProgram(workDir, "queue-endpoint"),
      stackName: "e2e",
      projectName: "queue-endpoint",
      workDir,
      config: { ...api.stackConfig, "queue-endpoint:registryPassword": { value: PASSWORD, secret: true } },
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  it("up makes the endpoint from the template and the smoke job runs through its queue", async () => {
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ create: 5 });
    endpointId = result.outputs.endpointId?.value;
    expect(result.outputs.runUrl?.value).toBe(`${api.emulator.url}/v2/${endpointId}/run`);
    expect(result.outputs.smokeStatus?.value).toBe("COMPLETED");
    expect(result.outputs.smokeOutput?.value).toEqual({ prompt: "ping" });
    expect(result.outputs.smokeWorker?.value).toBe(`${endpointId}-w0`);

    const state = await expectInSync(stack, api.emulator);
    const [endpoint] = api.emulator.snapshot().endpoints;
    const [registry] = stateResources(state, "Registry");
    expect(endpoint).toMatchObject({
      image: "ghcr.io/acme/inference-worker:2.1",
      registry: registry?.id,
      env: { MODEL: "acme-7b", LOG_LEVEL: "info", MAX_BATCH: "8" },
    });
    expect(stateContains(state, PASSWORD)).toBe(false);
    expectProvidersRequired(state, ["Registry", "Template", "ServerlessEndpoint", "Job"]);
  });

  it("preview right after up shows no changes", async () => {
    expect(changeSummary(await stack.preview())).toEqual({ same: 5 });
    await expectInSync(stack, api.emulator);
  });

  it("more workers update the endpoint in place; the smoke job stays", async () => {
    await stack.setConfig({ "queue-endpoint:maxWorkers": { value: "6" } });
    expect(changeSummary(await stack.up())).toEqual({ same: 4, update: 1 });
    await expectInSync(stack, api.emulator);
    const [endpoint] = api.emulator.snapshot().endpoints;
    expect([endpoint?.id, endpoint?.workers]).toEqual([endpointId, { min: 0, max: 6, idleTimeout: 30 }]);
    expect(changeSummary(await stack.preview())).toEqual({ same: 5 });
  });

  it("a rotated password replaces the credential; the template and the endpoint move to it in place", async () => {
    const before = stateResources(await stack.exportState(), "Registry")[0]?.id;
    await stack.setConfig({ "queue-endpoint:registryPassword": { value: ROTATED_PASSWORD, secret: true } });
    expect(changeSummary(await stack.up())).toEqual({ same: 2, replace: 1, update: 2 });
    const state = await expectInSync(stack, api.emulator);
    const [registry] = stateResources(state, "Registry");
    expect(registry?.id).not.toBe(before);
    const [endpoint] = api.emulator.snapshot().endpoints;
    expect([endpoint?.id, endpoint?.registry]).toEqual([endpointId, registry?.id]);
    expect([stateContains(state, PASSWORD), stateContains(state, ROTATED_PASSWORD)]).toEqual([false, false]);
    expect(changeSummary(await stack.preview())).toEqual({ same: 5 });
  });

  it("destroy removes the endpoint, the template and the credential", async () => {
    expect(changeSummary(await stack.destroy())).toEqual({ delete: 5 });
    await expectInSync(stack, api.emulator);
    const snapshot = api.emulator.snapshot();
    expect([snapshot.endpoints, snapshot.templates, snapshot.registries]).toEqual([[], [], []]);
  });
});
