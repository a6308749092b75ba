/**
 * The cost outputs through the real Pulumi CLI, with the package packed and installed as a user would: preview shows
 * each priced resource's `estimatedHourlyCost` before anything exists, reading each catalog list once for the whole
 * deployment; up keeps them in state; a no-op up makes no call at all; `maxHourlyPrice` refuses a pod priced above it
 * at preview, with zero creates, and raising it alone changes nothing.
 */
import * as pulumi from "@pulumi/pulumi";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import type * as cp from "../../provider";
import { estimate, standingPart, volumeEstimate } from "../provider/expectedCosts";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack, openTestStack } from "../support/stack";
import { stateResources } from "../support/state";
import { requireFrom, suiteWorkDir } from "../support/workDir";

describe("cost outputs through the engine", () => {
  let api: TestEmulator;
  let stack: StackDriver;
  let prices: { l40s: number; a100: number; cpu3c: number };

  const catalogReads = () =>
    api.emulator.requests
      .filter((r) => r.path.startsWith("/v2/catalog/"))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
  /** Each resource's outputs as the engine reports them at the end of its step, by logical name. */
  const outputsOf = (events: EngineEvent[]) =>
    Object.fromEntries(
      events.flatMap((event) => {
        const step = event.resOutputsEvent?.metadata;
        return step?.new?.type.startsWith("pulumi-nodejs:dynamic") ? [[step.urn.split("::").pop()!, step.new.outputs ?? {}]] : [];
      }),
    ) as Record<string, Record<string, unknown>>;

  beforeAll(async () => {
    api = await startTestEmulator();
    const read = async (path: string) =>
      (await api.request("GET", path)).json() as Promise<Record<string, { id: string; price: Record<string, number> }[]>>;
    const { gpus } = await read("/v2/catalog/gpus");
    const { cpus } = await read("/v2/catalog/cpus");
    prices = {
      l40s: gpus!.find((gpu) => gpu.id === "NVIDIA L40S")!.price.secure!,
      a100: gpus!.find((gpu) => gpu.id === "NVIDIA A100 80GB PCIe")!.price.community!,
      cpu3c: cpus!.find((cpu) => cpu.id === "cpu3c")!.price.securePerVcpu!,
    };
    const workDir = suiteWorkDir("cost-estimate");
    const { NetworkVolume, Pod } = requireFrom(workDir)("pulumi-computeplatform") as typeof cp;
    stack = await openTestStack({
      stackName: "e2e",
      projectName: "cost-estimate",
      workDir,
      config: api.stackConfig,
      program: async () => {
        const config = new pulumi.Config();
        const cap = config.getNumber("cap");
        const trainer = new Pod("trainer", {
          image: "org/trainer:1.2",
          gpu: { id: "NVIDIA L40S", count: 2 },
          ...(cap === undefined ? {} : { maxHourlyPrice: cap }),
        });
        new Pod("notebook", { image: "org/notebook:1", gpu: { id: "NVIDIA A100 80GB PCIe" }, cloud: "COMMUNITY" });
        new Pod("web", { image: "nginx:1.27", cpu: { id: "cpu3c", vcpuCount: 4, memory: 8 } });
        new NetworkVolume("data", { size: 100, dataCenter: "US-TX-3" });
        return { trainerHourly: trainer.estimatedHourlyCost };
      },
    });
    api.emulator.resetRequests();
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  const expected = () => ({
    trainer: estimate(standingPart("GPU (NVIDIA L40S, secure cloud)", "GPU-hours", 2, prices.l40s, "catalog: NVIDIA L40S secure price")),
    notebook: estimate(
      standingPart(
        "GPU (NVIDIA A100 80GB PCIe, community cloud)",
        "GPU-hours",
        1,
        prices.a100,
        "catalog: NVIDIA A100 80GB PCIe community price",
      ),
    ),
    web: estimate(standingPart("vCPU (cpu3c, secure cloud)", "vCPU-hours", 4, prices.cpu3c, "catalog: cpu3c secure price per vCPU")),
    data: volumeEstimate(100),
  });
  const costs = (outputs: Record<string, Record<string, unknown>>) =>
    Object.fromEntries(
      Object.entries(outputs).map(([name, { estimatedHourlyCost, costBreakdown }]) => [name, { estimatedHourlyCost, costBreakdown }]),
    );

  it("preview shows every estimate before anything exists, reading each catalog list once", async () => {
    const events: EngineEvent[] = [];
    const result = await stack.preview({ onEvent: (event) => events.push(event) });
    expect(changeSummary(result)).toEqual({ create: 5 });
    expect(costs(outputsOf(events))).toEqual(expected());
    expect(catalogReads()).toEqual(["GET /v2/catalog/cpus", "GET /v2/catalog/gpus"]);
    expect(api.emulator.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("up records them in state and as outputs, with one read of each list", async () => {
    api.emulator.resetRequests();
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ create: 5 });
    expect(result.outputs.trainerHourly?.value).toBe(expected().trainer.estimatedHourlyCost);
    const state = await stack.exportState();
    const recorded = Object.fromEntries(
      stateResources(state, "Pod")
        .concat(stateResources(state, "NetworkVolume"))
        .map((r) => [r.urn.split("::").pop()!, r.outputs ?? {}]),
    );
    expect(costs(recorded)).toEqual(expected());
    expect(catalogReads()).toEqual(["GET /v2/catalog/cpus", "GET /v2/catalog/gpus"]);
  });

  it("a no-op up makes no call at all: the estimates in state stand", async () => {
    api.emulator.resetRequests();
    expect(changeSummary(await stack.up())).toEqual({ same: 5 });
    expect(api.emulator.requests).toEqual([]);
  });

  it("maxHourlyPrice below the price fails the preview and the up naming it, with zero creates; raised above it, it changes nothing", async () => {
    await stack.setConfig({ "cost-estimate:cap": { value: "1" } });
    api.emulator.resetRequests();
    const refusal = `property maxHourlyPrice value {1} has a problem: the catalog price is $${expected().trainer.estimatedHourlyCost} per hour (2 × GPU (NVIDIA L40S, secure cloud) at $${prices.l40s}), above maxHourlyPrice ($1 per hour)`;
    await expect(stack.preview()).rejects.toThrow(refusal);
    await expect(stack.up()).rejects.toThrow(refusal);
    expect(api.emulator.requests.filter((r) => r.method !== "GET")).toEqual([]);

    await stack.setConfig({ "cost-estimate:cap": { value: "100" } });
    api.emulator.resetRequests();
    expect(changeSummary(await stack.up())).toEqual({ same: 5 });
    expect(api.emulator.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });
});
