/**
 * The fault matrix's capacity scenario, through the real engine: 20 pods across three GPU types, each accepting its
 * own type and one other, while stock runs out midway and part of it frees again. Whatever the order the engine
 * runs them in, every pod ends RUNNING on an acceptable type, or the deployment fails naming each pod that found no
 * capacity before its deadline; either way nothing is leaked or made twice (the emulator holds exactly what the
 * state says, and every create answered 201 is a live pod).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import {
  A100,
  H100,
  L40S,
  livePods,
  openPlacementStack,
  type PlacedPod,
  type PlacementStack,
  setStock,
  statusesOf,
  waitUntil,
} from "./placementStack";

const TYPES = [H100, A100, L40S];
const pods: PlacedPod[] = Array.from({ length: 20 }, (_, i) => ({
  name: `scarce-${i}`,
  gpu: { id: TYPES[i % 3]! },
  placement: { alternatives: [{ id: TYPES[(i + 1) % 3]! }] },
  readyTimeoutSeconds: 40,
}));
const acceptable = (pod: PlacedPod) => [pod.gpu.id, ...(pod.placement?.alternatives ?? []).map((alternative) => alternative.id)];

describe("fault matrix: capacity runs out midway", () => {
  let api: TestEmulator;
  let placed: PlacementStack;

  beforeAll(async () => {
    api = await startTestEmulator();
    placed = await openPlacementStack("capacity-matrix", api);
  });

  // The emulator and the stack's folder go with the run: a destroy would be one more engine run, asserting nothing.
  afterAll(() => api?.emulator.close());

  it("20 pods over three types: each ends RUNNING on an acceptable type, or the deployment fails naming it, with nothing leaked or duplicated", async () => {
    // 12 GPUs at first, in one data center per type; 8 more free 5 s after the sixth pod is made.
    for (const type of TYPES) setStock(api, type, 0);
    api.emulator.stock.setGpu(H100, "US-CA-2", { secure: 4 });
    api.emulator.stock.setGpu(A100, "US-TX-3", { secure: 4 });
    api.emulator.stock.setGpu(L40S, "US-TX-3", { secure: 4 });
    api.emulator.resetRequests();
    const deploying = placed.up(pods);
    await waitUntil(() => statusesOf(api, "POST", "/v2/pods").filter((status) => status === 201).length >= 6);
    api.emulator.stock.freeGpuAt(Date.now() + 5000, H100, "EU-SE-1", { secure: 4 });
    api.emulator.stock.freeGpuAt(Date.now() + 5000, L40S, "EU-SE-1", { secure: 4 });
    const { error } = await deploying;

    const live = livePods(api);
    const running = pods.filter((pod) => pod.name in live);
    for (const pod of running) expect(acceptable(pod), pod.name).toContain(live[pod.name]);
    // Every create that succeeded is one live pod: none was made twice, none is left outside the state.
    expect(statusesOf(api, "POST", "/v2/pods").filter((status) => status === 201)).toHaveLength(running.length);
    expect(Object.keys(live)).toHaveLength(running.length);
    const stranded = pods.filter((pod) => !(pod.name in live));
    if (error === undefined) expect(stranded).toEqual([]);
    else {
      expect(stranded.length).toBeGreaterThan(0);
      for (const pod of stranded) {
        expect(error).toContain(`pod "${pod.name}": no acceptable GPU configuration had capacity within 40 s; nothing was created.`);
      }
    }
    // Every create was placed (201) or found no capacity (400): nothing else went wrong along the way.
    expect(statusesOf(api, "POST", "/v2/pods").filter((status) => status !== 201 && status !== 400)).toEqual([]);
  });
});
