import { parseList } from "structured-headers";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { API_KEY, expectProblem, gpuPod, type Harness, ManualClock, startHarness } from "./harness";

const clock = new ManualClock();
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    clock: clock.read,
    rateLimit: { minute: 100, hour: 1000, day: 10000 },
    apiKeys: [API_KEY, { key: "other-key", account: "other" }],
  });
});

afterEach(() => {
  harness.emulator.faults.clear();
  harness.emulator.resetRequests();
});

afterAll(() => harness.emulator.close());

describe("injectStatus", () => {
  test("answers the next matching requests with that status, before authentication", async () => {
    harness.emulator.faults.injectStatus(503, { count: 2, method: "GET", path: "/v2/pods" });
    const created = await harness.call("POST", "/v2/pods", { body: gpuPod() });
    const first = await harness.call("GET", "/v2/pods?x=1", { key: null });
    const second = await harness.call("GET", "/v2/pods");
    const third = await harness.call("GET", "/v2/pods");
    expect(created.status).toBe(201);
    expectProblem(first, 503, "Injected fault: this request answers 503");
    expectProblem(second, 503, "Injected fault: this request answers 503");
    expect(second.headers.ratelimit).toBeUndefined();
    expect(second.headers["x-request-id"]).toBeDefined();
    expect(third.status).toBe(200);
    expect(harness.emulator.requests).toEqual([
      { method: "POST", path: "/v2/pods", status: 201 },
      { method: "GET", path: "/v2/pods", status: 503 },
      { method: "GET", path: "/v2/pods", status: 503 },
      { method: "GET", path: "/v2/pods", status: 200 },
    ]);
  });

  test("matches paths by pattern, once by default", async () => {
    harness.emulator.faults.injectStatus(500, { path: /^\/v2\/catalog\// });
    expect((await harness.call("GET", "/v2/pods")).status).toBe(200);
    expectProblem(await harness.call("GET", "/v2/catalog/cpus"), 500, "Injected fault: this request answers 500");
    expect((await harness.call("GET", "/v2/catalog/cpus")).status).toBe(200);
  });
});

test("dropConnections destroys the socket without an answer", async () => {
  harness.emulator.faults.dropConnections(1, { method: "GET", path: "/v2/pods" });
  await expect(harness.call("GET", "/v2/pods")).rejects.toThrow();
  expect((await harness.call("GET", "/v2/pods")).status).toBe(200);
  expect(harness.emulator.requests).toEqual([
    { method: "GET", path: "/v2/pods", status: 0 },
    { method: "GET", path: "/v2/pods", status: 200 },
  ]);
});

test("truncateResponses carries the request out and cuts its answer off halfway through the body", async () => {
  harness.emulator.faults.truncateResponses(1, { method: "POST", path: "/v2/pods" });
  await expect(harness.call("POST", "/v2/pods", { body: gpuPod({ name: "cut" }) })).rejects.toThrow();
  const cut = harness.emulator.snapshot().pods.filter((pod) => pod.name === "cut");
  expect(cut).toHaveLength(1);
  expect(harness.emulator.requests).toEqual([{ method: "POST", path: "/v2/pods", status: 201 }]);
  await harness.call("DELETE", `/v2/pods/${cut[0]!.id}`);
});

test("latency delays every request until cleared", async () => {
  harness.emulator.faults.latency(150);
  const started = performance.now();
  await Promise.all([harness.call("GET", "/"), harness.call("GET", "/v2/pods")]);
  expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  // A minute of latency that clear() failed to remove would time this test out.
  harness.emulator.faults.latency(60_000);
  harness.emulator.faults.clear();
  expect((await harness.call("GET", "/")).status).toBe(200);
});

test("loseResponses carries the request out, then destroys the socket instead of answering", async () => {
  harness.emulator.faults.loseResponses(1, { method: "POST", path: "/v2/pods" });
  await expect(harness.call("POST", "/v2/pods", { body: gpuPod({ name: "lost" }) })).rejects.toThrow();
  const { body } = await harness.call("GET", "/v2/pods");
  expect((body as { pods: Array<{ name: string }> }).pods.filter((pod) => pod.name === "lost")).toHaveLength(1);
  expect(harness.emulator.requests).toEqual([
    { method: "POST", path: "/v2/pods", status: 0 },
    { method: "GET", path: "/v2/pods", status: 200 },
  ]);
  const lost = harness.emulator.snapshot().pods.find((pod) => pod.name === "lost");
  await harness.call("DELETE", `/v2/pods/${lost!.id}`);
});

test("rateLimitStorm answers 429 with Retry-After while the quota is untouched", async () => {
  const before = (await harness.call("GET", "/v2/pods", { key: "other-key" })).headers.ratelimit;
  harness.emulator.faults.rateLimitStorm({ count: 2, retryAfterSeconds: 7 });
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await harness.call("GET", "/v2/pods", { key: "other-key" });
    expectProblem(answer, 429, "Rate limit exceeded for the minute window");
    expect(answer.headers["retry-after"]).toBe("7");
    expect(answer.headers.ratelimit).toBe(before);
  }
  const after = await harness.call("GET", "/v2/pods", { key: "other-key" });
  expect(after.status).toBe(200);
  expect(after.headers.ratelimit).not.toBe(before);
});

test("malformedRateLimitHeaders sends headers no structured-field parser accepts", async () => {
  harness.emulator.faults.malformedRateLimitHeaders(1);
  const malformed = await harness.call("GET", "/v2/pods");
  expect(malformed.status).toBe(200);
  expect(() => parseList(malformed.headers.ratelimit ?? "")).toThrow();
  expect(() => parseList(malformed.headers["ratelimit-policy"] ?? "")).toThrow();
  const next = await harness.call("GET", "/v2/pods");
  expect(() => parseList(next.headers.ratelimit ?? "")).not.toThrow();
});

test("clear removes every pending fault", async () => {
  const { faults } = harness.emulator;
  faults.injectStatus(500);
  faults.dropConnections(1);
  faults.rateLimitStorm({ count: 1, retryAfterSeconds: 1 });
  faults.malformedRateLimitHeaders(1);
  faults.clear();
  const answer = await harness.call("GET", "/v2/pods");
  expect(answer.status).toBe(200);
  expect(() => parseList(answer.headers.ratelimit ?? "")).not.toThrow();
});

test("requests records rejected requests too, without query strings, until reset", async () => {
  await harness.call("GET", "/v2/pods?includeClusterPods=true", { key: "nope" });
  await harness.call("GET", "/v2/catalog/gpus/NVIDIA%20L40S");
  expect(harness.emulator.requests).toEqual([
    { method: "GET", path: "/v2/pods", status: 401 },
    { method: "GET", path: "/v2/catalog/gpus/NVIDIA%20L40S", status: 200 },
  ]);
  harness.emulator.resetRequests();
  expect(harness.emulator.requests).toEqual([]);
});

test("snapshot shows every account's pods as the API renders them now, and the volumes", async () => {
  const mine = (await harness.call("POST", "/v2/pods", { body: gpuPod({ name: "mine" }) })).body.id;
  const theirs = (await harness.call("POST", "/v2/pods", { key: "other-key", body: gpuPod({ name: "theirs" }) })).body.id;
  const volume = (await harness.call("POST", "/v2/network-volumes", { body: { name: "snap", size: 10, dataCenter: "US-TX-3" } })).body;
  clock.advance(500);
  const snapshot = harness.emulator.snapshot();
  const byId = new Map(snapshot.pods.map((pod) => [pod.id, pod]));
  expect(byId.get(mine)).toEqual((await harness.call("GET", `/v2/pods/${mine}`)).body);
  expect(byId.get(theirs)).toMatchObject({ name: "theirs", status: "RUNNING" });
  expect(snapshot.networkVolumes).toContainEqual(volume);
});
