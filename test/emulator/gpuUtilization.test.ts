import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { gpuPod, type Harness, startHarness } from "./harness";

const START = Date.parse("2026-03-01T08:00:00.000Z");
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ clock: () => START });
});

afterAll(() => harness.emulator.close());

const utilizations = async (id: string) => {
  const pod = (await harness.call("GET", `/v2/pods/${id}`)).body;
  return pod.runtime?.gpus?.map((gpu: { util: number }) => gpu.util);
};

describe("the clock a test moves, and the GPU utilization it sets", () => {
  test("answers carry the emulator's time in Date, and pods follow the moved clock", async () => {
    const created = await harness.call("POST", "/v2/pods", { body: gpuPod({ gpu: { id: "NVIDIA GeForce RTX 4090", count: 2 } }) });
    expect(created.status).toBe(201);
    expect(created.headers.date).toBe("Sun, 01 Mar 2026 08:00:00 GMT");
    expect(created.body.status).toBe("PROVISIONING");

    harness.emulator.clock.advance(2 * 3_600_000);
    const later = await harness.call("GET", `/v2/pods/${created.body.id}`);
    expect(later.headers.date).toBe("Sun, 01 Mar 2026 10:00:00 GMT");
    expect(harness.emulator.clock.now()).toBe(START + 2 * 3_600_000);
    expect(later.body.status).toBe("RUNNING");
    expect(later.body.runtime.uptime).toBeGreaterThan(7000);
  });

  test("a pod's GPUs report the utilization set for it, until it is cleared", async () => {
    const [id] = (await harness.call("GET", "/v2/pods")).body.pods.map((pod: { id: string }) => pod.id);
    const seeded = await utilizations(id);
    harness.emulator.gpuUtilization.set(id, 2);
    expect(await utilizations(id)).toEqual([2, 2]);
    harness.emulator.gpuUtilization.set(id, undefined);
    expect(await utilizations(id)).toEqual(seeded);
  });

  test("refuses a utilization that is no percentage, and time that runs back", () => {
    expect(() => harness.emulator.gpuUtilization.set("any", 101)).toThrow("GPU utilization 101: a whole percentage from 0 to 100");
    expect(() => harness.emulator.clock.advance(-1)).toThrow("advance(-1): time only moves forward");
  });

  test("gpuUtilization at start sets every pod's GPUs", async () => {
    const busy = await startHarness({ clock: () => START, gpuUtilization: 50 });
    try {
      const id = (await busy.call("POST", "/v2/pods", { body: gpuPod() })).body.id;
      busy.emulator.clock.advance(60_000);
      const pod = (await busy.call("GET", `/v2/pods/${id}`)).body;
      expect(pod.runtime.gpus).toEqual([{ util: 50, memoryUtil: expect.any(Number) }]);
    } finally {
      await busy.emulator.close();
    }
  });
});
