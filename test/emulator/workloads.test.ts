/**
 * What a test scripts of running workloads: lines appended to pod and worker logs, worker statuses held, and
 * streams cut mid-way; and the worker log's backlog choices (tail, since, Last-Event-ID) and follow.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ComputePlatformClient } from "../../provider/client";
import { API_KEY, expectProblem, gpuPod, type Harness, ManualClock, openStream, startHarness } from "./harness";

const QUEUE_MS = 100;
const EXECUTION_MS = 200;
const clock = new ManualClock();
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    clock: clock.read,
    timings: { provisioningMs: 300, startingMs: 200 },
    jobs: { queueMs: QUEUE_MS, executionMs: EXECUTION_MS },
  });
});
afterAll(() => harness.emulator.close());

async function endpoint(): Promise<string> {
  const body = {
    name: "workers",
    type: "QUEUE",
    image: "org/worker:1",
    gpu: { pools: ["ADA_24"] },
    workers: { min: 2, max: 2 },
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
  };
  const answer = await harness.call("POST", "/v2/serverless", { body });
  expect(answer.status, answer.text).toBe(201);
  clock.advance(500);
  return answer.body.id;
}

describe("worker statuses a test holds", () => {
  test("show in the workers and /health, and queue every job while all are held; letting one go runs them", async () => {
    const id = await endpoint();
    harness.emulator.workloads.setWorkerStatus(id, `${id}-w0`, "UNHEALTHY");
    harness.emulator.workloads.setWorkerStatus(id, `${id}-w1`, "THROTTLED");
    for (let job = 0; job < 3; job++) expect((await harness.call("POST", `/v2/${id}/run`, { body: { input: {} } })).status).toBe(200);
    clock.advance(60_000);
    expect((await harness.call("GET", `/v2/serverless/${id}/workers`)).body.summary).toEqual({
      running: 0,
      idle: 0,
      initializing: 0,
      throttled: 1,
      unhealthy: 1,
      total: 2,
    });
    const health = (await harness.call("GET", `/v2/${id}/health`)).body;
    expect([health.jobs.inQueue, health.jobs.inProgress, health.workers.unhealthy, health.workers.throttled]).toEqual([3, 0, 1, 1]);

    harness.emulator.workloads.setWorkerStatus(id, `${id}-w0`, null);
    clock.advance(QUEUE_MS);
    const running = (await harness.call("GET", `/v2/${id}/health`)).body;
    expect([running.jobs.inQueue, running.jobs.inProgress, running.workers.running, running.workers.throttled]).toEqual([0, 3, 1, 1]);
  });

  test("an unknown endpoint is an error of the test", () => {
    expect(() => harness.emulator.workloads.setWorkerStatus("nope", "nope-w0", "UNHEALTHY")).toThrow("No endpoint nope");
    expect(() => harness.emulator.workloads.appendPodLog("nope", "x")).toThrow("No pod nope");
  });
});

describe("a worker's log", () => {
  test("holds appended lines in time order, chosen by tail, since or Last-Event-ID", async () => {
    const id = await endpoint();
    const logs = async (count: number, query = "", headers: Record<string, string> = {}) => {
      const stream = await openStream(harness, `/v2/serverless/${id}/workers/${id}-w1/logs${query}`, headers);
      const events = await stream.events(count);
      stream.close();
      return events;
    };
    const startedAt = clock.now;
    harness.emulator.workloads.appendWorkerLog(id, `${id}-w1`, "loading", "ready");
    clock.advance(1000);
    harness.emulator.workloads.appendWorkerLog(id, `${id}-w1`, "served 1");
    const event = (offset: number, position: number, line: string) => {
      const ts = new Date(startedAt + offset).toISOString();
      return { id: `${ts}/${String(position).padStart(12, "0")}`, event: "message", data: { ts, source: "container", line } };
    };
    const all = [event(0, 1, "loading"), event(0, 2, "ready"), event(1000, 3, "served 1")];
    expect(await logs(3)).toEqual(all);
    expect(await logs(1, "?tail=1")).toEqual(all.slice(2));
    expect(await logs(1, `?since=${new Date(startedAt + 1).toISOString()}`)).toEqual(all.slice(2));
    expect(await logs(2, "?tail=0", { "last-event-id": all[0]!.id })).toEqual(all.slice(1));
    expect(await logs(1, "", { "last-event-id": new Date(startedAt).toISOString() })).toEqual(all.slice(2));
    expectProblem(
      await harness.call("GET", `/v2/serverless/${id}/workers/${id}-w1/logs`, { headers: { "last-event-id": "yesterday" } }),
      400,
      "Last-Event-ID must be the id of an event this stream sent, or a time",
    );
  });
});

describe("a stream cut mid-way", () => {
  test("the client opens it again after the last line: none is lost or repeated", async () => {
    const podId = (await harness.call("POST", "/v2/pods", { body: gpuPod() })).body.id;
    clock.advance(1000);
    const client = new ComputePlatformClient({ baseUrl: harness.emulator.url, apiKey: API_KEY });
    const stop = new AbortController();
    const seen: string[] = [];
    const since = new Date(clock.now).toISOString();
    harness.emulator.workloads.appendPodLog(podId, "one", "two");
    harness.emulator.resetRequests();
    const read = async () => {
      for await (const entry of client.pods.logs(podId, { since, signal: stop.signal })) {
        seen.push(entry.line);
        if (entry.line === "two") {
          harness.emulator.faults.cutStreams();
          harness.emulator.workloads.appendPodLog(podId, "three");
        }
        if (entry.line === "three") stop.abort();
      }
    };
    await expect(read()).rejects.toThrow("This operation was aborted");
    expect(seen).toEqual(["one", "two", "three"]);
    expect(harness.emulator.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET /v2/pods/${podId}/logs`,
      `GET /v2/pods/${podId}/logs`,
    ]);
  }, 10_000);
});
