/**
 * Faults that outlasted a single call's six tries when calls were bounded by a count, through the real engine and
 * the packed package: four pods with `readyTimeoutSeconds: 120` wait through a run of seven consecutive 429s
 * (`Retry-After: 1`) and through seven 5xx answers to the shared list poll, one more than those six tries, and the
 * deployment succeeds; that each retry waited its Retry-After is read from the times the emulator answered and the
 * next poll arrived. Before, the poll spent its six tries in 15 s and failed every pod of the `up` at once, with 105 s
 * of their deadline left.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { type ExchangeRecorder, recordExchanges, waitsAfterRateLimits } from "./exchanges";
import { type FaultStack, openFaultStack, statuses } from "./faultStack";

/**
 * Records the exchanges from now on, and starts a fault once the `pods` creates (and the registry's, on a first `up`)
 * are answered, so that only the pods' wait runs into it: each provider process lists the pods once before its first
 * create, a single call bounded by the client's default time-out rather than the pods' deadline.
 */
function injectAfterCreates(pods: number, registry: boolean, inject: () => void): ExchangeRecorder {
  let injected = false;
  return recordExchanges((all) => {
    const answered = (path: string) => all.filter((e) => e.method === "POST" && e.path === path && e.status === 201).length;
    if (injected || answered("/v2/pods") < pods || answered("/v2/registries") < (registry ? 1 : 0)) return;
    injected = true;
    inject();
  });
}

/** The emulator's pods (cluster members left out) whose names start with `prefix`, as `name status`, sorted. */
function podStatuses(api: TestEmulator, prefix: string): string[] {
  return api.emulator
    .snapshot()
    .pods.filter((pod) => pod.cluster === undefined && pod.status !== "TERMINATED" && pod.name.startsWith(prefix))
    .map((pod) => `${pod.name} ${pod.status}`)
    .sort();
}

describe("faults longer than six tries", () => {
  let api: TestEmulator;
  let faults: FaultStack;
  let recorder: ExchangeRecorder | undefined;

  beforeAll(async () => {
    api = await startTestEmulator();
    faults = await openFaultStack("fault-long-storms", api);
  });

  afterEach(() => {
    recorder?.stop();
    api.emulator.faults.clear();
    api.emulator.resetRequests();
  });

  // The emulator and the stack's folder go with the run: a destroy would be one more engine run, asserting nothing.
  afterAll(() => api?.emulator.close());

  it("seven consecutive 429s (Retry-After: 1) on the pods' wait are waited out, each to its Retry-After", async () => {
    api.emulator.resetRequests();
    recorder = injectAfterCreates(4, true, () => api.emulator.faults.rateLimitStorm({ count: 7, retryAfterSeconds: 1 }));

    expect(await faults.deploy({ generation: "g1", pods: 4, readyTimeoutSeconds: 120 })).toEqual({
      error: undefined,
      summary: { create: 6 },
    });

    expect(podStatuses(api, "worker-")).toEqual([
      "worker-g1-0 RUNNING",
      "worker-g1-1 RUNNING",
      "worker-g1-2 RUNNING",
      "worker-g1-3 RUNNING",
    ]);
    expect(api.emulator.requests.filter((r) => r.status === 429).map((r) => `${r.method} ${r.path}`)).toEqual(
      Array(7).fill("GET /v2/pods"),
    );
    const waits = waitsAfterRateLimits(recorder.exchanges);
    expect(waits).toHaveLength(7);
    expect(waits.filter((ms) => ms < 1000)).toEqual([]);
  });

  it("seven 503s in a row on the pods' wait are backed off and looked through", async () => {
    recorder = injectAfterCreates(4, false, () => api.emulator.faults.injectStatus(503, { count: 7, method: "GET", path: "/v2/pods" }));
    expect(await faults.deploy({ generation: "g2", pods: 4, readyTimeoutSeconds: 120 })).toEqual({
      error: undefined,
      summary: { same: 2, create: 4, delete: 4 },
    });
    expect(podStatuses(api, "worker-")).toEqual([
      "worker-g2-0 RUNNING",
      "worker-g2-1 RUNNING",
      "worker-g2-2 RUNNING",
      "worker-g2-3 RUNNING",
    ]);
    const polled = statuses(api, "GET", "/v2/pods");
    expect(polled.filter((status) => status === 503)).toHaveLength(7);
    expect(polled.filter((status) => status !== 503 && status !== 200)).toEqual([]);
  });
});
