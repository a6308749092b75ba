// The cost outputs through both ways the package serves a kind (the provider modules the dynamic resources serialize,
// and the native plugin over gRPC), against the real emulator over HTTP: figures computed here from its catalog.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import type { Properties } from "../../provider/plugin/properties";
import { UNKNOWN } from "../../provider/values/unknown";
import { estimate, standingPart } from "../provider/expectedCosts";
import { providerOnClock } from "../support/providerClock";
import { API_KEY, type ServingPath, servingPaths } from "./servingPaths";

const gpuPod = (overrides: Properties = {}): Properties => ({
  name: "trainer",
  image: "org/trainer:1.2",
  gpu: { id: "NVIDIA L40S", count: 2 },
  ...overrides,
});

describe.each(Object.entries(servingPaths))("cost outputs through %s", (_path, start) => {
  // Each path gets its own emulator, so that its catalog reads are its own (they are cached per API URL).
  let emulator: Emulator;
  let serving: ServingPath;
  let l40s: { secure: number };
  let restoreClock: () => void;
  const catalogReads = () => emulator.requests.filter((r) => r.path.startsWith("/v2/catalog/")).map((r) => `${r.method} ${r.path}`);
  const l40sPods = (count: number) =>
    estimate(standingPart("GPU (NVIDIA L40S, secure cloud)", "GPU-hours", count, l40s.secure, "catalog: NVIDIA L40S secure price"));

  beforeAll(async () => {
    vi.stubEnv("COMPUTEPLATFORM_STORAGE_PRICES", '{"HIGH_PERFORMANCE":0.2}');
    emulator = await startEmulator({ apiKeys: [API_KEY], timings: { provisioningMs: 50, startingMs: 50 } });
    restoreClock = providerOnClock(emulator.clock);
    serving = await start(emulator.url);
    const catalog = await fetch(`${emulator.url}/v2/catalog/gpus`, { headers: { authorization: `Bearer ${API_KEY}` } });
    const { gpus } = (await catalog.json()) as { gpus: { id: string; price: { secure: number } }[] };
    l40s = gpus.find((gpu) => gpu.id === "NVIDIA L40S")!.price;
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    restoreClock?.();
    serving?.close();
    await emulator?.close();
  });
  beforeEach(() => emulator.resetRequests());

  it("check gives each pod its estimate, reading the GPU list once for all of them", async () => {
    const results = await Promise.all(
      [1, 2, 4].map((count) => serving.check("Pod", {}, gpuPod({ name: `p${count}`, gpu: { id: "NVIDIA L40S", count } }))),
    );
    expect(
      results.map(({ inputs, failures }) => ({
        failures,
        estimatedHourlyCost: inputs.estimatedHourlyCost,
        costBreakdown: inputs.costBreakdown,
      })),
    ).toEqual([1, 2, 4].map((count) => ({ failures: [], ...l40sPods(count) })));
    expect(catalogReads()).toEqual(["GET /v2/catalog/gpus"]);
  });

  it("check keeps the recorded estimate while gpu and cloud are as recorded, with no call at all", async () => {
    const recorded = { ...(await serving.check("Pod", {}, gpuPod())).inputs, estimatedHourlyCost: 9.5 };
    emulator.resetRequests();
    const { inputs } = await serving.check("Pod", recorded, gpuPod({ image: "org/trainer:1.3" }));
    expect(inputs.estimatedHourlyCost).toBe(9.5);
    expect(emulator.requests).toEqual([]);
  });

  it("check leaves the estimate unknown while the GPU is unknown", async () => {
    const { inputs } = await serving.check("Pod", {}, gpuPod({ gpu: UNKNOWN }));
    expect([inputs.estimatedHourlyCost, inputs.costBreakdown]).toEqual([UNKNOWN, UNKNOWN]);
  });

  it("check refuses a cluster priced above its maxHourlyPrice, naming it, before any write", async () => {
    const cluster = {
      name: "hpc",
      type: "SLURM",
      image: "org/slurm:24",
      compute: { gpuTypeId: "NVIDIA L40S", gpuCountPerPod: 2, podCount: 2 },
    };
    const { failures } = await serving.check("Cluster", {}, { ...cluster, maxHourlyPrice: 3 });
    expect(failures).toEqual([
      {
        property: "maxHourlyPrice",
        reason: `the catalog price is $${4 * l40s.secure} per hour (4 × Cluster GPU (NVIDIA L40S, secure cloud) at $${l40s.secure}), above maxHourlyPrice ($3 per hour)`,
      },
    ]);
    expect(emulator.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("create records the estimate, never sends it or maxHourlyPrice, and a change of maxHourlyPrice alone is no diff", async () => {
    const { inputs } = await serving.check("Pod", {}, gpuPod({ name: "capped", maxHourlyPrice: 5 }));
    const { id, outs } = await serving.create("Pod", inputs);
    expect(outs).toMatchObject(l40sPods(2));
    expect(outs).not.toHaveProperty("maxHourlyPrice");
    const raised = (await serving.check("Pod", inputs, gpuPod({ name: "capped", maxHourlyPrice: 50 }))).inputs;
    expect(await serving.diff("Pod", id, outs, raised)).toEqual({ changes: false, replaces: [] });
    expect((await serving.read("Pod", id, outs)).props).toMatchObject(l40sPods(2));
    await serving.delete("Pod", id, outs);
    expect(emulator.requests.filter((r) => r.method !== "GET").map((r) => r.method)).toEqual(["POST", "DELETE"]);
  });

  it("prices a volume from the storage table, naming where each price came from", async () => {
    const standard = await serving.check("NetworkVolume", {}, { name: "a", size: 100, dataCenter: "US-TX-3" });
    const fast = await serving.check("NetworkVolume", {}, { name: "b", size: 365, dataCenter: "US-TX-3", type: "HIGH_PERFORMANCE" });
    expect(standard.inputs.costBreakdown).toEqual([
      standingPart("Network volume storage (STANDARD)", "GB-months", 100 / 730, 0.07, "storage table (default)"),
    ]);
    expect(fast.inputs).toMatchObject(
      estimate(
        standingPart("Network volume storage (HIGH_PERFORMANCE)", "GB-months", 0.5, 0.2, "storage table (COMPUTEPLATFORM_STORAGE_PRICES)"),
      ),
    );
    expect(emulator.requests).toEqual([]);
  });
});
