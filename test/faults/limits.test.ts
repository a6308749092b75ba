/**
 * Faults that outlast what the provider may wait for fail the deployment with a message naming the fault, and leave
 * the emulator and the state equal, with no secret in either or in the output: pods slower than their deadline
 * (with latency on every request), and a day window that runs out mid-deployment.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { type FaultStack, openFaultStack } from "./faultStack";
import { killProcessesIn } from "./processes";

describe("past the deadline", () => {
  let api: TestEmulator;
  let faults: FaultStack;

  beforeAll(async () => {
    // Pods provision for a minute; the deadline is 3 s.
    api = await startTestEmulator(undefined, { timings: { provisioningMs: 60_000, startingMs: 300 } });
    faults = await openFaultStack("fault-deadline", api);
  });

  // The emulator and the stack's folder go with the run: a destroy would be one more engine run, asserting nothing.
  afterAll(() => api?.emulator.close());

  it("a pod not RUNNING by its deadline, under 500 ms of latency per request, fails the deployment and is deleted", async () => {
    api.emulator.faults.latency(500);
    const { error } = await faults.deploy({ generation: "g1", pods: 1, readyTimeoutSeconds: 3 });
    expect(error).toMatch(
      /pod "worker-g1-0" did not become RUNNING: pod \w+ did not become RUNNING within 3s \(last seen: PROVISIONING\)\. It was deleted; nothing was left behind\./,
    );
    expect(api.emulator.snapshot().pods.filter((pod) => pod.status !== "TERMINATED")).toEqual([]);
  });
});

describe("an exhausted day window", () => {
  let api: TestEmulator;
  let faults: FaultStack;

  beforeAll(async () => {
    // Enough of a day for the price list the pods' estimate is read from, the registry credential and the pods' creates
    // (a list and a POST of each kind, and a second pod), not for the pods' waits.
    // Pods provision for longer than the test, so the state's last-seen PROVISIONING is still the emulator's status.
    // The emulator's day starts an hour before the test, whatever the time of day, so the reset is 23 hours away.
    const dayMs = 86_400_000;
    const offset = Math.floor(Date.now() / dayMs) * dayMs + 3_600_000 - Date.now();
    api = await startTestEmulator(undefined, {
      clock: () => Date.now() + offset,
      rateLimit: { minute: 1000, hour: 20_000, day: 6 },
      timings: { provisioningMs: 600_000, startingMs: 300 },
    });
    faults = await openFaultStack("fault-day-window", api);
  });

  // The day is spent, so nothing can be deleted: the emulator and the stack's folder simply go, and so does an engine
  // that still waits for the day to reset.
  afterAll(async () => {
    if (faults) killProcessesIn(faults.workDir);
    await api?.emulator.close();
  });

  // Fails fast or not at all: a client that waits for the day to reset would hold the deployment for hours.
  it("fails fast, naming the window and when it resets, with whatever was made recorded in the state", { timeout: 60_000 }, async () => {
    const { error } = await faults.deploy({ generation: "g1", pods: 2 });
    expect(error).toMatch(/The API's day rate-limit window is exhausted; it resets in 23 h\. Retry after that, or raise the quota\./);
    // The client knows the day is spent from the RateLimit headers: it sends nothing the API would refuse.
    expect(api.emulator.requests.map((r) => `${r.method} ${r.path} ${r.status}`).sort()).toEqual([
      "GET /v2/catalog/gpus 200",
      "GET /v2/pods 200",
      "GET /v2/registries 200",
      "POST /v2/pods 201",
      "POST /v2/pods 201",
      "POST /v2/registries 201",
    ]);
  });
});
