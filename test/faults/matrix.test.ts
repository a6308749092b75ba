/**
 * The fault matrix through the real engine and the packed package: each scenario injects one kind of fault into the
 * emulator and deploys a new generation of two pods (the previous generation is deleted in the same `up`). Transient
 * faults must not fail the deployment; a pod or cluster member that goes to ERROR fails it with a message naming
 * the fault. After every scenario the emulator holds exactly what the state says (nothing leaked, nothing twice),
 * and the API key, the registry password and JUPYTER_PASSWORD appear in no state, engine output or error.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { type ExchangeRecorder, recordExchanges, waitsAfterRateLimits } from "./exchanges";
import { type FaultStack, openFaultStack, podNames, statuses } from "./faultStack";

describe("fault matrix", () => {
  let api: TestEmulator;
  let faults: FaultStack;
  let recorder: ExchangeRecorder | undefined;

  beforeAll(async () => {
    api = await startTestEmulator({ failPodsNamed: "^doomed" });
    faults = await openFaultStack("fault-matrix", api);
    expect((await faults.deploy({ generation: "g0", pods: 2 })).summary).toEqual({ create: 4 });
  });

  afterEach(() => {
    recorder?.stop();
    api.emulator.faults.clear();
    api.emulator.resetRequests();
  });

  // The emulator and the stack's folder go with the run: a destroy would be one more engine run, asserting nothing.
  afterAll(() => api?.emulator.close());

  // A Retry-After longer than the backoff cap is followed too: test/provider/client.test.ts, on a virtual clock.
  it("a 429 storm is waited out, the call sent again no sooner than its Retry-After (1 s)", async () => {
    api.emulator.resetRequests();
    recorder = recordExchanges();
    api.emulator.faults.rateLimitStorm({ count: 1, retryAfterSeconds: 1 });
    expect(await faults.deploy({ generation: "g1", pods: 2 })).toEqual({ error: undefined, summary: { same: 2, create: 2, delete: 2 } });
    expect(api.emulator.requests.filter((r) => r.status === 429)).toHaveLength(1);
    const [wait, ...others] = waitsAfterRateLimits(recorder.exchanges);
    expect(others).toEqual([]);
    expect(wait).toBeGreaterThanOrEqual(1000);
    expect(podNames(api, "worker-")).toEqual(["worker-g1-0", "worker-g1-1"]);
  });

  it("5xx bursts (two 503s on create, three 502s on the poll) are retried", async () => {
    api.emulator.faults.injectStatus(503, { count: 2, method: "POST", path: "/v2/pods" });
    api.emulator.faults.injectStatus(502, { count: 3, method: "GET", path: "/v2/pods" });
    expect(await faults.deploy({ generation: "g2", pods: 2 })).toEqual({ error: undefined, summary: { same: 2, create: 2, delete: 2 } });
    expect(statuses(api, "POST", "/v2/pods")).toEqual([201, 201, 503, 503]);
    expect(podNames(api, "worker-")).toEqual(["worker-g2-0", "worker-g2-1"]);
  });

  it("connections reset before the create reached the server: it is sent again, and made once", async () => {
    api.emulator.faults.dropConnections(2, { method: "POST", path: "/v2/pods" });
    expect(await faults.deploy({ generation: "g3", pods: 2 })).toEqual({ error: undefined, summary: { same: 2, create: 2, delete: 2 } });
    expect(statuses(api, "POST", "/v2/pods")).toEqual([0, 0, 201, 201]);
    expect(podNames(api, "worker-")).toEqual(["worker-g3-0", "worker-g3-1"]);
  });

  it("connections reset after the create reached the server: the pod it made is found and adopted, not made again", async () => {
    api.emulator.faults.loseResponses(2, { method: "POST", path: "/v2/pods" });
    expect(await faults.deploy({ generation: "g4", pods: 2 })).toEqual({ error: undefined, summary: { same: 2, create: 2, delete: 2 } });
    expect(statuses(api, "POST", "/v2/pods")).toEqual([0, 0]);
    expect(podNames(api, "worker-")).toEqual(["worker-g4-0", "worker-g4-1"]);
  });

  it("latency within the deadline (700 ms on every request) only slows the deployment", async () => {
    api.emulator.faults.latency(700);
    expect(await faults.deploy({ generation: "g5", pods: 2 })).toEqual({ error: undefined, summary: { same: 2, create: 2, delete: 2 } });
    expect(podNames(api, "worker-")).toEqual(["worker-g5-0", "worker-g5-1"]);
  });

  it("pods that go to ERROR fail the deployment, naming each, and are deleted", async () => {
    const { error } = await faults.deploy({ generation: "g6", pods: 2, podPrefix: "doomed" });
    for (const name of ["doomed-g6-0", "doomed-g6-1"]) {
      expect(error).toMatch(
        new RegExp(`pod "${name}" did not become RUNNING: pod \\w+ went to ERROR\\. It was deleted; nothing was left behind\\.`),
      );
    }
    expect(podNames(api, "doomed-")).toEqual([]);
  });

  it("cluster members that go to ERROR fail the deployment, naming the member, and the cluster is deleted with them", async () => {
    const { error } = await faults.deploy({ generation: "g7", pods: 0, cluster: "doomed-cluster" });
    expect(error).toMatch(
      /cluster "doomed-cluster" \(\w+\) did not become usable: member \w+ \(doomed-cluster-node-\d\), rank \d, went to ERROR\. It was deleted with its members; nothing was left behind\./,
    );
    expect(api.emulator.snapshot().clusters).toEqual([]);
    expect(api.emulator.snapshot().pods.filter((pod) => pod.cluster !== undefined && pod.status !== "TERMINATED")).toEqual([]);
  });
});
