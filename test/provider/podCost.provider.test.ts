// Pod's cost outputs from `check`, against the real emulator over HTTP: figures computed here from the catalog it serves.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import * as pod from "../../provider/resources/pod.provider";
import type { PodInputs } from "../../provider/resources/pod/inputs";
import { UNKNOWN } from "../../provider/values/unknown";
import { providerOnClock } from "../support/providerClock";
import { apiGet, apiRequest, emulatorForProvider, passedCheck, writes } from "./providerHarness";

describe("Pod cost at check", () => {
  let emulator: Emulator;
  let l40s: { secure: number; community: number };
  let cpu3c: number;
  let restoreClock: () => void;
  const gpuPod = (overrides: Partial<PodInputs> = {}): PodInputs => ({
    name: "trainer",
    image: "org/trainer:1.2",
    gpu: { id: "NVIDIA L40S", count: 2 },
    ...overrides,
  });
  const catalogReads = () => emulator.requests.filter((r) => r.path.startsWith("/v2/catalog/")).map((r) => `${r.method} ${r.path}`);

  beforeAll(async () => {
    emulator = await emulatorForProvider();
    restoreClock = providerOnClock(emulator.clock);
    const gpus = (await apiGet(emulator, "/v2/catalog/gpus")).gpus as { id: string; price: { secure: number; community: number } }[];
    l40s = gpus.find((gpu) => gpu.id === "NVIDIA L40S")!.price;
    const cpus = (await apiGet(emulator, "/v2/catalog/cpus")).cpus as { id: string; price: { securePerVcpu: number } }[];
    cpu3c = cpus.find((cpu) => cpu.id === "cpu3c")!.price.securePerVcpu;
  });
  afterAll(async () => {
    restoreClock();
    await emulator.close();
  });
  beforeEach(() => emulator.resetRequests());

  it("prices a GPU pod at its cloud's price per GPU times the count, reading the GPU list once for every check", async () => {
    const [secure, community, again] = await Promise.all([
      passedCheck(pod.check, gpuPod()),
      passedCheck(pod.check, gpuPod({ name: "cheap", cloud: "COMMUNITY" })),
      passedCheck(pod.check, gpuPod({ name: "again" })),
    ]);
    expect(secure).toMatchObject({
      estimatedHourlyCost: 2 * l40s.secure,
      costBreakdown: [
        {
          name: "GPU (NVIDIA L40S, secure cloud)",
          unit: "GPU-hours",
          hourlyQuantity: 2,
          price: l40s.secure,
          hourlyCost: 2 * l40s.secure,
          usageBased: false,
          priceNotFound: false,
          source: "catalog: NVIDIA L40S secure price",
        },
      ],
    });
    expect(community).toMatchObject({ estimatedHourlyCost: 2 * l40s.community });
    expect(community.costBreakdown[0]).toMatchObject({ name: "GPU (NVIDIA L40S, community cloud)", price: l40s.community });
    expect(again.estimatedHourlyCost).toBe(2 * l40s.secure);
    expect(catalogReads()).toEqual(["GET /v2/catalog/gpus"]);
  });

  it("prices a CPU pod per vCPU from the CPU list", async () => {
    const checked = await passedCheck(pod.check, { name: "cpu", image: "org/app:1", cpu: { id: "cpu3c", vcpuCount: 4, memory: 8 } });
    expect(checked.estimatedHourlyCost).toBe(Math.round(4 * cpu3c * 1e6) / 1e6);
    expect(checked.costBreakdown).toEqual([
      {
        name: "vCPU (cpu3c, secure cloud)",
        unit: "vCPU-hours",
        hourlyQuantity: 4,
        price: cpu3c,
        hourlyCost: Math.round(4 * cpu3c * 1e6) / 1e6,
        usageBased: false,
        priceNotFound: false,
        source: "catalog: cpu3c secure price per vCPU",
      },
    ]);
  });

  it("gives an unknown GPU type priceNotFound and a cost of 0", async () => {
    const checked = await passedCheck(pod.check, gpuPod({ gpu: { id: "NVIDIA B999", count: 1 } }));
    expect(checked.estimatedHourlyCost).toBe(0);
    expect(checked.costBreakdown).toEqual([
      {
        name: "GPU (NVIDIA B999, secure cloud)",
        unit: "GPU-hours",
        hourlyQuantity: 1,
        price: 0,
        hourlyCost: 0,
        usageBased: false,
        priceNotFound: true,
        source: "catalog: no GPU type NVIDIA B999",
      },
    ]);
  });

  it("leaves the estimate unknown while the GPU is, and reads nothing", async () => {
    const checked = await passedCheck(pod.check, gpuPod({ gpu: { id: UNKNOWN, count: 1 } }));
    expect(checked.estimatedHourlyCost).toBe(UNKNOWN);
    expect(checked.costBreakdown).toBe(UNKNOWN);
    expect(emulator.requests).toEqual([]);
  });

  it("keeps the recorded estimate while gpu and cloud are unchanged, and prices a new count", async () => {
    const olds = await passedCheck(pod.check, gpuPod());
    emulator.resetRequests();
    const recorded = { ...olds, estimatedHourlyCost: 123, costBreakdown: [] };
    const same = await passedCheck(pod.check, gpuPod({ image: "org/trainer:1.3" }), recorded);
    expect(same.estimatedHourlyCost).toBe(123);
    const four = await passedCheck(pod.check, gpuPod({ gpu: { id: "NVIDIA L40S", count: 4 } }), recorded);
    expect(four.estimatedHourlyCost).toBe(Math.round(4 * l40s.secure * 1e6) / 1e6);
  });

  it("refuses a pod priced above maxHourlyPrice, naming it, and passes one at the cap", async () => {
    const refused = await pod.check({}, gpuPod({ maxHourlyPrice: 1 }));
    expect(refused).toEqual({
      failures: [
        {
          property: "maxHourlyPrice",
          reason: `the catalog price is $${2 * l40s.secure} per hour (2 × GPU (NVIDIA L40S, secure cloud) at $${l40s.secure}), above maxHourlyPrice ($1 per hour)`,
        },
      ],
    });
    await passedCheck(pod.check, gpuPod({ maxHourlyPrice: 2 * l40s.secure }));
    expect(writes(emulator)).toEqual([]);
  });

  it("creates with the estimate in the outputs and never sends it, nor maxHourlyPrice, to the API", async () => {
    const inputs = await passedCheck(pod.check, gpuPod({ name: "made", maxHourlyPrice: 10 }));
    const { id, outs } = await pod.create(inputs);
    expect(outs).toMatchObject({ estimatedHourlyCost: 2 * l40s.secure, costBreakdown: inputs.costBreakdown });
    expect(writes(emulator)).toEqual(["POST /v2/pods"]);
    // The API refuses a property it does not know: the create above sent neither.
    const body = { name: "direct", image: "org/trainer:1.2", gpu: { id: "NVIDIA L40S", count: 1 } };
    for (const extra of [{ maxHourlyPrice: 10 }, { estimatedHourlyCost: 1 }]) {
      const answer = await apiRequest(emulator, "POST", "/v2/pods", { ...body, ...extra });
      expect(answer.body.errors).toEqual([`unknown property at /${Object.keys(extra)[0]}`]);
    }
    const read = await pod.read(id, outs!);
    expect(read.props).toMatchObject({ estimatedHourlyCost: 2 * l40s.secure });
    await pod.delete(id);
  });
});
