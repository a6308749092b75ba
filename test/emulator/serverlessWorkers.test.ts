import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectProblem, type Harness, ManualClock, openStream, startHarness } from "./harness";

const OTHER_KEY = "other-account-key";
const PROVISIONING_MS = 300;
const STARTING_MS = 200;
const QUEUE_MS = 100;
const EXECUTION_MS = 200;
const clock = new ManualClock();
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    clock: clock.read,
    apiKeys: ["emulator-key", { key: OTHER_KEY, account: "other" }],
    timings: { provisioningMs: PROVISIONING_MS, startingMs: STARTING_MS },
    jobs: { queueMs: QUEUE_MS, executionMs: EXECUTION_MS },
  });
});
afterAll(() => harness.emulator.close());

async function create(overrides: Record<string, unknown> = {}): Promise<any> {
  const body = {
    name: "workers",
    type: "QUEUE",
    image: "org/worker:1",
    gpu: { pools: ["ADA_24"] },
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    ...overrides,
  };
  const answer = await harness.call("POST", "/v2/serverless", { body });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
}

const workersOf = async (id: string) => (await harness.call("GET", `/v2/serverless/${id}/workers`)).body;
const releasesOf = async (id: string) => (await harness.call("GET", `/v2/serverless/${id}/releases`)).body;
const logsOf = (id: string, workerId: string) => harness.call("GET", `/v2/serverless/${id}/workers/${workerId}/logs`);
const openLog = (id: string, workerId: string) => openStream(harness, `/v2/serverless/${id}/workers/${workerId}/logs`);

function summary(counts: { idle?: number; initializing?: number }): Record<string, number> {
  const { idle = 0, initializing = 0 } = counts;
  return { running: 0, idle, initializing, throttled: 0, unhealthy: 0, total: idle + initializing };
}

describe("workers", () => {
  test("workers.min standing workers INITIALIZING while a pod would start, then IDLE on a GPU of the pools where it is stocked", async () => {
    const endpoint = await create({ workers: { min: 2, max: 3 } });
    const createdAt = clock.now;
    const initializing = (index: number) => ({
      id: `${endpoint.id}-w${index}`,
      status: "INITIALIZING",
      isStale: false,
      version: 1,
      gpuCount: 1,
      image: "org/worker:1",
      uptimeSeconds: null,
      gpuTypeId: null,
      dataCenterId: null,
      startedAt: null,
    });
    expect(await workersOf(endpoint.id)).toEqual({
      workers: [initializing(0), initializing(1)],
      summary: summary({ initializing: 2 }),
      endpointVersion: 1,
    });

    clock.advance(PROVISIONING_MS + STARTING_MS - 1);
    expect((await workersOf(endpoint.id)).summary).toEqual(summary({ initializing: 2 }));

    clock.advance(1 + 3_000);
    const idle = (index: number) => ({
      ...initializing(index),
      status: "IDLE",
      uptimeSeconds: 3,
      gpuTypeId: "NVIDIA GeForce RTX 4090",
      dataCenterId: "US-TX-3",
      startedAt: new Date(createdAt + PROVISIONING_MS + STARTING_MS).toISOString(),
    });
    expect(await workersOf(endpoint.id)).toEqual({ workers: [idle(0), idle(1)], summary: summary({ idle: 2 }), endpointVersion: 1 });
  });

  test("a CPU endpoint's workers carry no GPU and run in its first data center", async () => {
    const endpoint = await create({
      gpu: undefined,
      cpu: [{ id: "cpu3c", vcpuCount: 2 }],
      workers: { min: 1 },
      dataCenterIds: ["US-TX-3", "EU-RO-1"],
    });
    clock.advance(PROVISIONING_MS + STARTING_MS);
    expect((await workersOf(endpoint.id)).workers).toEqual([
      {
        id: `${endpoint.id}-w0`,
        status: "IDLE",
        isStale: false,
        version: 1,
        gpuCount: 0,
        image: "org/worker:1",
        uptimeSeconds: 0,
        gpuTypeId: null,
        dataCenterId: "US-TX-3",
        startedAt: new Date(clock.now).toISOString(),
      },
    ]);
  });

  test("an endpoint that scales from zero lists no workers", async () => {
    const endpoint = await create();
    expect(await workersOf(endpoint.id)).toEqual({ workers: [], summary: summary({}), endpointVersion: 1 });
  });

  test("a container change rolls the workers onto the new release", async () => {
    const endpoint = await create({ workers: { min: 1, max: 1 } });
    clock.advance(PROVISIONING_MS + STARTING_MS);
    expect((await workersOf(endpoint.id)).summary).toEqual(summary({ idle: 1 }));
    expect((await harness.call("PATCH", `/v2/serverless/${endpoint.id}`, { body: { image: "org/worker:2" } })).status).toBe(200);
    const after = await workersOf(endpoint.id);
    expect(after.endpointVersion).toBe(2);
    expect(after.workers).toMatchObject([{ status: "INITIALIZING", version: 2, image: "org/worker:2" }]);
  });
});

describe("releases", () => {
  test("newest first, each with its diff; the workers all run the newest, so the rollout is complete", async () => {
    const createdAt = new Date(clock.now).toISOString();
    const endpoint = await create({ workers: { min: 2, max: 2 } });
    clock.advance(1_000);
    const patchedAt = new Date(clock.now).toISOString();
    await harness.call("PATCH", `/v2/serverless/${endpoint.id}`, { body: { image: "org/worker:2", args: "--fast", name: "renamed" } });
    const release = (version: number, at: string, workerCount: number, diff: unknown[]) => ({
      id: `${endpoint.id}-r${version}`,
      version,
      source: "MANUAL",
      buildId: null,
      createdByUserId: "default",
      workerCount,
      createdAt: at,
      diff,
    });
    expect(await releasesOf(endpoint.id)).toEqual({
      endpointVersion: 2,
      rollout: { inProgress: false, workersOnLatest: 2, workersTotal: 2, percentOnLatest: 100 },
      releases: [
        release(2, patchedAt, 2, [
          { field: "image", old: "org/worker:1", new: "org/worker:2" },
          { field: "args", old: "", new: "--fast" },
        ]),
        release(1, createdAt, 0, []),
      ],
    });
  });
});

describe("worker logs", () => {
  test("one container line per job the worker finished, as SSE whose event id is the line's time and position", async () => {
    const endpoint = await create();
    const worker = `${endpoint.id}-w0`;
    const open = await openLog(endpoint.id, worker);
    expect(open.status).toBe(200);
    expect(open.headers).toMatchObject({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });

    const done = (await harness.call("POST", `/v2/${endpoint.id}/run`, { body: { input: { n: 1 } } })).body;
    const doneAt = new Date(clock.now + QUEUE_MS + EXECUTION_MS).toISOString();
    clock.advance(1_000);
    const failed = (await harness.call("POST", `/v2/${endpoint.id}/run`, { body: { input: { error: "out of memory" } } })).body;
    const failedAt = new Date(clock.now + QUEUE_MS + EXECUTION_MS).toISOString();
    const line = (ts: string, position: number, text: string) => ({
      id: `${ts}/${String(position).padStart(12, "0")}`,
      event: "message",
      data: { ts, source: "container", line: text },
    });
    const both = [line(doneAt, 1, `job ${done.id} completed`), line(failedAt, 2, `job ${failed.id} failed: out of memory`)];

    // The stream opened on an empty log sends each line as the job that prints it ends.
    clock.advance(QUEUE_MS + EXECUTION_MS - 1);
    expect(await open.events(1)).toEqual(both.slice(0, 1));
    clock.advance(1);
    expect(await open.events(2)).toEqual(both);
    open.close();
    const later = await openLog(endpoint.id, worker);
    expect(await later.events(2)).toEqual(both);
    later.close();
  });

  test("a worker the endpoint does not have answers 404", async () => {
    const endpoint = await create({ workers: { min: 2, max: 2 } });
    const known = await openLog(endpoint.id, `${endpoint.id}-w1`);
    known.close();
    expect(known.status).toBe(200);
    expectProblem(await logsOf(endpoint.id, `${endpoint.id}-w2`), 404, `Worker ${endpoint.id}-w2 of endpoint ${endpoint.id} not found`);
    expectProblem(await logsOf(endpoint.id, "w9"), 404, `Worker w9 of endpoint ${endpoint.id} not found`);
  });
});

describe("ownership and deletion", () => {
  const paths = (id: string) => [
    `/v2/serverless/${id}/workers`,
    `/v2/serverless/${id}/releases`,
    `/v2/serverless/${id}/workers/${id}-w0/logs`,
  ];

  test("another account's endpoint answers 403, an unknown one 404", async () => {
    const endpoint = await create();
    for (const path of paths(endpoint.id)) {
      expectProblem(
        await harness.call("GET", path, { key: OTHER_KEY }),
        403,
        `Endpoint ${endpoint.id} is not accessible with this API key`,
      );
    }
    for (const path of paths("ep-missing")) expectProblem(await harness.call("GET", path), 404, "Endpoint ep-missing not found");
  });

  test("after DELETE, workers, releases and worker logs answer 404", async () => {
    const endpoint = await create({ workers: { min: 1, max: 1 } });
    await clock.advanceUntil(harness.call("POST", `/v2/${endpoint.id}/runsync`, { body: { input: {} } }));
    expect((await harness.call("DELETE", `/v2/serverless/${endpoint.id}`)).status).toBe(204);
    for (const path of paths(endpoint.id)) expectProblem(await harness.call("GET", path), 404, `Endpoint ${endpoint.id} not found`);
  });
});
