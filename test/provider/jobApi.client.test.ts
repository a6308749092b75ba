// The job API and load-balancing endpoints driven through the client the way published SDKs drive them, against the
// real emulator over HTTP. The client and the emulator share a clock the test moves: the client's pauses move it, and
// so does the test while the server holds a call open (`runsync`), so every wait is the server's own without taking
// its time. Every answer that comes over the wire is checked against the emulator's own OpenAPI document, for its
// operation, status and content type.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { BadRequestError, ComputePlatformClient, ConnectionError, NotFoundError } from "../../provider/client";
import { isFinal, type JobResponse } from "../../provider/wire/job";
import type { CreateEndpointRequest } from "../../provider/resources/serverlessEndpoint/inputs";
import { ManualClock } from "../emulator/harness";
import { OpenApiAnswers, type OpenApiDocument, recordingDispatcher, type WireAnswer } from "./openapiAnswers";
import { rejection } from "./providerHarness";

const apiKey = "sdk-style-client-key";
// A job waits this long in the queue before a worker takes it.
const queueMs = 500;
const executionMs = 200;

const queueEndpoint: CreateEndpointRequest = {
  name: "echo",
  type: "QUEUE",
  image: "org/echo:1",
  cpu: [{ id: "cpu3c", vcpuCount: 2 }],
  scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
};

const clock = new ManualClock();
let emulator: Emulator;
let client: ComputePlatformClient;
let documented: OpenApiAnswers;
const answers: WireAnswer[] = [];

beforeAll(async () => {
  // Standing workers take 2 s to start: long enough to see a load balancer's health ping before they are ready.
  emulator = await startEmulator({
    apiKeys: [apiKey],
    jobs: { queueMs, executionMs },
    timings: { provisioningMs: 1000, startingMs: 1000 },
    clock: clock.read,
  });
  client = new ComputePlatformClient({
    baseUrl: emulator.url,
    apiKey,
    clock: { now: clock.read, sleep: async (ms) => clock.advance(ms) },
    dispatcher: recordingDispatcher((answer) => answers.push(answer)),
  });
  documented = new OpenApiAnswers((await (await fetch(`${emulator.url}/v2/openapi.json`)).json()) as OpenApiDocument);
});
afterAll(async () => emulator.close());
/** Every answer since the last check matches the document; each test starts with none of a setup's answers. */
function expectDocumentedAnswers(): void {
  const problems = answers.splice(0).map((answer) => documented.problemWith(answer));
  expect(problems.filter((problem) => problem !== undefined)).toEqual([]);
}
beforeEach(expectDocumentedAnswers);
afterEach(expectDocumentedAnswers);

/** Reads the job until `until` holds, a fifth of the queue delay apart: for states that do not last, like IN_PROGRESS. */
async function statusUntil(endpointId: string, jobId: string, until: (job: JobResponse) => boolean): Promise<JobResponse> {
  for (;;) {
    const job = await client.jobs.status(endpointId, jobId);
    if (until(job)) return job;
    clock.advance(queueMs / 5);
  }
}

describe.each([
  {
    on: "a queue endpoint",
    endpointId: async () => (await client.serverless.create(queueEndpoint)).id,
    longInput: { n: 1, sleepMs: 2500 },
    shortInput: { n: 2, sleepMs: 1 },
    endlessInput: { n: 3, sleepMs: 60_000 },
    failingInput: { error: "handler crashed" },
    // Each item of `stream` is a chunk, released evenly over the execution; the output is still the whole input.
    streamingInput: { stream: ["a", { b: 2 }, "c"], sleepMs: 900 },
    chunks: () => [{ output: "a" }, { output: { b: 2 } }, { output: "c" }],
    completed: (id: string, endpointId: string) => ({
      id,
      status: "COMPLETED",
      delayTime: queueMs,
      executionTime: 2500,
      output: { n: 1, sleepMs: 2500 },
      workerId: `${endpointId}-w0`,
    }),
  },
  {
    on: "the text-to-video endpoint",
    endpointId: async () => "text-to-video",
    longInput: { prompt: "a slow pan over dunes", duration: 12 },
    shortInput: { prompt: "a blink", duration: 1 },
    endlessInput: { prompt: "a long take", duration: 16 },
    failingInput: { prompt: "too long", duration: 17 },
    // A model that yields nothing streams its whole output as one chunk once the job completed.
    streamingInput: { prompt: "a short clip", duration: 2 },
    chunks: (id: string) => [{ output: { video_url: expect.stringContaining(`/files/${id}.mp4?expires=`), cost: 0.3 } }],
    completed: (id: string) => ({
      id,
      status: "COMPLETED",
      delayTime: queueMs,
      executionTime: 12 * executionMs,
      output: { video_url: expect.stringMatching(new RegExp(`^${emulator.url}/files/${id}\\.mp4\\?expires=`)), cost: 1.8 },
      workerId: "text-to-video-w0",
    }),
  },
])(
  "the job API on $on",
  ({ endpointId: endpointIdOf, longInput, shortInput, endlessInput, failingInput, streamingInput, chunks, completed }) => {
    let endpointId: string;
    beforeAll(async () => {
      endpointId = await endpointIdOf();
    });

    it("runsync?wait= comes back unfinished, then wait follows the job with status reads until it is done", async () => {
      const first = await clock.advanceUntil(client.jobs.runsync(endpointId, longInput, { waitMs: 1000 }));
      expect(first).toEqual({
        id: expect.stringMatching(/^sync-/),
        status: "IN_PROGRESS",
        delayTime: queueMs,
        workerId: `${endpointId}-w0`,
      });
      expect(await client.jobs.wait(endpointId, first.id)).toEqual(completed(first.id, endpointId));
      expect(answers.map((answer) => answer.path.replace(first.id, "{id}"))).toEqual([
        `/v2/${endpointId}/runsync?wait=1000`,
        ...Array<string>(answers.length - 1).fill(`/v2/${endpointId}/status/{id}`),
      ]);
    });

    it("run answers at once with the job IN_QUEUE, and status reads it until it is done", async () => {
      const queued = await client.jobs.run(endpointId, longInput);
      expect(queued).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: "IN_QUEUE" });
      expect(await client.jobs.status(endpointId, queued.id)).toEqual({ id: queued.id, status: "IN_QUEUE" });
      expect(await statusUntil(endpointId, queued.id, isFinal)).toEqual(completed(queued.id, endpointId));
    });

    it("stream/{id} hands out each chunk once, as the handler yields it, until the job completes", async () => {
      const queued = await client.jobs.run(endpointId, streamingInput);
      const streamed = [];
      for await (const chunk of client.jobs.stream(endpointId, queued.id, { intervalMs: 100 })) streamed.push(chunk);
      expect(streamed).toEqual(chunks(queued.id));
      const reads = answers.filter((answer) => answer.path.includes("/stream/")).map((answer) => JSON.parse(answer.text));
      expect(reads.at(-1).status).toBe("COMPLETED");
      expect(reads.flatMap((read) => read.stream)).toEqual(streamed);
      expect((await client.jobs.status(endpointId, queued.id)).status).toBe("COMPLETED");
    });

    it("cancel ends a running job CANCELLED, and leaves a job that has ended as it is", async () => {
      const queued = await client.jobs.run(endpointId, longInput);
      await statusUntil(endpointId, queued.id, (job) => job.status === "IN_PROGRESS");
      expect(await client.jobs.cancel(endpointId, queued.id)).toEqual({ id: queued.id, status: "CANCELLED" });
      expect((await client.jobs.status(endpointId, queued.id)).status).toBe("CANCELLED");
      expect(await client.jobs.cancel(endpointId, queued.id)).toEqual({ id: queued.id, status: "CANCELLED" });
      const done = await clock.advanceUntil(client.jobs.runsync(endpointId, shortInput));
      expect(done.status).toBe("COMPLETED");
      expect(await client.jobs.cancel(endpointId, done.id)).toEqual({ id: done.id, status: "COMPLETED" });
    });

    it("purge-queue removes the queued jobs and leaves the running one alone", async () => {
      const running = await client.jobs.run(endpointId, longInput);
      await statusUntil(endpointId, running.id, (job) => job.status === "IN_PROGRESS");
      const queued = [await client.jobs.run(endpointId, longInput), await client.jobs.run(endpointId, longInput)];
      expect(await client.jobs.purgeQueue(endpointId)).toEqual({ removed: 2, status: "completed" });
      for (const job of queued) await expect(client.jobs.status(endpointId, job.id)).rejects.toBeInstanceOf(NotFoundError);
      expect((await client.jobs.status(endpointId, running.id)).status).toBe("IN_PROGRESS");
      expect(await client.jobs.purgeQueue(endpointId)).toEqual({ removed: 0, status: "completed" });
      await client.jobs.cancel(endpointId, running.id);
    });

    it("health counts the jobs and workers by state, as the job API and the workers list report them", async () => {
      const before = await client.jobs.health(endpointId);
      expect(before.jobs).toMatchObject({ inProgress: 0, inQueue: 0 });
      expect((await clock.advanceUntil(client.jobs.runsync(endpointId, shortInput))).status).toBe("COMPLETED");
      expect((await clock.advanceUntil(client.jobs.runsync(endpointId, failingInput))).status).toBe("FAILED");
      const running = await client.jobs.run(endpointId, endlessInput);
      await statusUntil(endpointId, running.id, (job) => job.status === "IN_PROGRESS");
      const queued = await client.jobs.run(endpointId, shortInput);
      const health = await client.jobs.health(endpointId);
      expect(health.jobs).toEqual({
        completed: before.jobs.completed + 1,
        failed: before.jobs.failed + 1,
        inProgress: 1,
        inQueue: 1,
        retried: before.jobs.retried,
      });
      const workers =
        endpointId === "text-to-video"
          ? { idle: 0, initializing: 0, running: 1, throttled: 0, unhealthy: 0 }
          : (await client.serverless.workers(endpointId)).summary;
      expect(health.workers).toEqual({
        idle: workers.idle,
        initializing: workers.initializing,
        ready: workers.idle + workers.running,
        running: workers.running,
        throttled: workers.throttled,
        unhealthy: workers.unhealthy,
      });
      expect(health.workers.running).toBe(1);
      await client.jobs.cancel(endpointId, running.id);
      await client.jobs.cancel(endpointId, queued.id);
      expect((await client.jobs.health(endpointId)).jobs).toEqual({ ...health.jobs, inProgress: 0, inQueue: 0 });
    });
  },
);

describe("the job API on a queue endpoint, step by step", () => {
  let endpointId: string;
  beforeAll(async () => {
    endpointId = (await client.serverless.create({ ...queueEndpoint, name: "steps" })).id;
  });

  it("a failed sync job is a value under 400, and retry queues it again under its id", async () => {
    const failed = await clock.advanceUntil(client.jobs.runsync(endpointId, { error: "handler crashed" }));
    expect(failed).toEqual({ id: expect.stringMatching(/^sync-/), status: "FAILED", error: "handler crashed" });
    expect(answers.map((answer) => answer.status)).toEqual([400]);
    expect(await client.jobs.retry(endpointId, failed.id)).toEqual({ id: failed.id, status: "IN_QUEUE" });
    expect(await client.jobs.wait(endpointId, failed.id)).toMatchObject({
      id: failed.id,
      status: "FAILED",
      error: "handler crashed",
    });
  });

  it("retry refuses a job that completed, naming its status", async () => {
    const done = await clock.advanceUntil(client.jobs.runsync(endpointId, { n: 2 }));
    const refused = await rejection(client.jobs.retry(endpointId, done.id));
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as BadRequestError).detail).toBe(`Job ${done.id} is COMPLETED; only a FAILED or TIMED_OUT job can be retried`);
  });

  it("a wait the client knows to be out of bounds is refused before any call", async () => {
    await expect(client.jobs.runsync(endpointId, {}, { waitMs: 999 })).rejects.toThrow(
      new RangeError("waitMs must be an integer from 1000 to 300000, not 999"),
    );
    await expect(client.jobs.runsync(endpointId, {}, { waitMs: 300_001 })).rejects.toThrow(
      new RangeError("waitMs must be an integer from 1000 to 300000, not 300001"),
    );
    expect(answers).toEqual([]);
  });
});

describe("load-balancing endpoints, at the URLs they advertise", () => {
  const loadBalancer: CreateEndpointRequest = {
    name: "api",
    type: "LOAD_BALANCER",
    image: "org/api:1",
    cpu: [{ id: "cpu3c", vcpuCount: 2 }],
    scaling: { type: "REQUEST_COUNT", requestCount: 4 },
  };

  it("base passes a request through unwrapped, with the API key, and returns the worker's answer whatever its status", async () => {
    const { requestUrls } = await client.serverless.create(loadBalancer);
    const base = (requestUrls as { base: string }).base;
    const answer = await client.loadBalancing.request(base, {
      method: "POST",
      path: "/v1/generate",
      query: { seed: 7 },
      body: { prompt: "hi" },
    });
    expect([answer.status, answer.headers["content-type"], answer.body]).toEqual([
      200,
      "application/json; charset=utf-8",
      { method: "POST", path: "/v1/generate", query: { seed: "7" }, body: { prompt: "hi" } },
    ]);
    const stranger = new ComputePlatformClient({ baseUrl: emulator.url, apiKey: "not-a-key" });
    expect((await stranger.loadBalancing.request(base, { method: "GET", path: "/" })).status).toBe(401);
  });

  it("health answers 204 while the standing workers start, then 200", async () => {
    const { requestUrls } = await client.serverless.create({
      ...loadBalancer,
      name: "warm",
      workers: { min: 1, max: 2 },
      env: { HEALTH_CHECK_PATH: "/healthz" },
    });
    const health = (requestUrls as { health: string }).health;
    expect(health).toMatch(/\/healthz$/);
    expect(await client.loadBalancing.health(health)).toMatchObject({ status: 204, body: undefined });
    for (;;) {
      const ping = await client.loadBalancing.health(health);
      if (ping.status === 200) {
        expect(ping.body).toEqual({ status: "healthy" });
        break;
      }
      expect(ping.status).toBe(204);
      clock.advance(250);
    }
  });

  it("a POST whose answer was lost is not sent again; a GET is", async () => {
    const base = ((await client.serverless.create({ ...loadBalancer, name: "lossy" })).requestUrls as { base: string }).base;
    const path = `${new URL(base).pathname}/v1/work`;
    emulator.resetRequests();
    emulator.faults.loseResponses(1, { path });
    const lost = await rejection(client.loadBalancing.request(base, { method: "POST", path: "/v1/work", body: { n: 1 } }));
    expect(lost).toBeInstanceOf(ConnectionError);
    emulator.faults.loseResponses(1, { path });
    expect((await client.loadBalancing.request(base, { method: "GET", path: "/v1/work" })).status).toBe(200);
    expect(emulator.requests.map((request) => `${request.method} ${request.status}`)).toEqual(["POST 0", "GET 0", "GET 200"]);
    answers.splice(0);
  });
});

describe("a job's wait through faults that would pass", () => {
  it("rides out seven 429s in a row (Retry-After: 1) on its status read, within its time-out", async () => {
    const endpointId = (await client.serverless.create({ ...queueEndpoint, name: "stormy" })).id;
    const queued = await client.jobs.run(endpointId, { n: 4, sleepMs: 1 });
    emulator.resetRequests();
    emulator.faults.rateLimitStorm({ count: 7, retryAfterSeconds: 1 });
    const start = clock.read();
    const job = await client.jobs.wait(endpointId, queued.id, { timeoutMs: 60_000 });
    // The first read a second in, then each 429's second: the client paused exactly as long as it was told.
    expect(clock.read() - start).toBe(8000);
    expect(job).toEqual({ ...job, id: queued.id, status: "COMPLETED", output: { n: 4, sleepMs: 1 } });
    const status = `GET /v2/${endpointId}/status/${queued.id}`;
    expect(emulator.requests.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
      ...Array<string>(7).fill(`${status} 429`),
      `${status} 200`,
    ]);
    // The storm's 429s are the fault injected, not answers of the job API to check against its document.
    answers.splice(0);
  });
});

describe("the answer check itself", () => {
  it("finds an answer whose body breaks its documented schema, and one whose status is not documented", () => {
    const health = { method: "GET", path: "/v2/abc/health", contentType: "application/json" };
    expect(documented.problemWith({ ...health, status: 200, text: '{"jobs":{},"workers":{}}' })).toMatch(
      /^GET \/v2\/abc\/health answered 200 application\/json: data\/jobs must have required property/,
    );
    expect(documented.problemWith({ ...health, status: 418, text: "" })).toBe(
      "GET /v2/abc/health answered 418 application/json: status not documented for GET /v2/{endpointId}/health",
    );
  });
});
