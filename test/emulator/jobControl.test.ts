import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectProblem, type Harness, ManualClock, startHarness } from "./harness";

// The emulator's defaults: a job waits 100 ms in the queue and runs 200 ms; standing workers start in 500 ms.
const READ_ONLY_KEY = "read-only-key";
const clock = new ManualClock();
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ clock: clock.read, apiKeys: ["emulator-key", { key: READ_ONLY_KEY, readOnly: true }] });
});
afterAll(() => harness.emulator.close());

/** A CPU queue-based endpoint running the echo handler; its id. */
async function createEndpoint(overrides: Record<string, unknown> = {}): Promise<string> {
  const body = {
    name: "echo",
    type: "QUEUE",
    image: "org/echo:1",
    cpu: [{ id: "cpu3c", vcpuCount: 2 }],
    scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
  };
  const answer = await harness.call("POST", "/v2/serverless", { body: { ...body, ...overrides } });
  if (answer.status !== 201) throw new Error(`endpoint create answered ${answer.status}: ${answer.text}`);
  return answer.body.id;
}

const run = async (endpoint: string, input: Record<string, unknown> = {}): Promise<string> =>
  (await harness.call("POST", `/v2/${endpoint}/run`, { body: { input } })).body.id;
const status = async (endpoint: string, jobId: string) => (await harness.call("GET", `/v2/${endpoint}/status/${jobId}`)).body;
const post = (endpoint: string, operation: string) => harness.call("POST", `/v2/${endpoint}/${operation}`);
const answerOf = async (pending: ReturnType<typeof post>) => {
  const { status: code, body } = await pending;
  return { code, body };
};
const stream = async (endpoint: string, jobId: string) => (await harness.call("GET", `/v2/${endpoint}/stream/${jobId}`)).body;
const health = async (endpoint: string) => (await harness.call("GET", `/v2/${endpoint}/health`)).body;

describe("cancel", () => {
  test("a queued job ends CANCELLED and never runs", async () => {
    const endpoint = await createEndpoint();
    const id = await run(endpoint);
    expect(await answerOf(post(endpoint, `cancel/${id}`))).toEqual({ code: 200, body: { id, status: "CANCELLED" } });
    clock.advance(1_000);
    expect(await status(endpoint, id)).toEqual({ id, status: "CANCELLED" });
  });

  test("a running job ends CANCELLED with the execution time it had", async () => {
    const endpoint = await createEndpoint();
    const id = await run(endpoint);
    clock.advance(150);
    expect(await answerOf(post(endpoint, `cancel/${id}`))).toEqual({ code: 200, body: { id, status: "CANCELLED" } });
    clock.advance(1_000);
    expect(await status(endpoint, id)).toEqual({ id, status: "CANCELLED", delayTime: 100, executionTime: 50, workerId: `${endpoint}-w0` });
  });

  test("a finished job is left as it is: 200 with its own status", async () => {
    const endpoint = await createEndpoint();
    const done = await run(endpoint, { n: 1 });
    const failed = await run(endpoint, { error: "boom" });
    clock.advance(300);
    expect(await answerOf(post(endpoint, `cancel/${done}`))).toEqual({ code: 200, body: { id: done, status: "COMPLETED" } });
    expect(await answerOf(post(endpoint, `cancel/${failed}`))).toEqual({ code: 200, body: { id: failed, status: "FAILED" } });
    expect(await status(endpoint, done)).toEqual({
      id: done,
      status: "COMPLETED",
      delayTime: 100,
      executionTime: 200,
      output: { n: 1 },
      workerId: `${endpoint}-w0`,
    });
  });

  test("an unknown job answers 404", async () => {
    const endpoint = await createEndpoint();
    expectProblem(await post(endpoint, "cancel/nope"), 404, "Job nope not found");
  });
});

describe("time-outs", () => {
  test("execution past the endpoint's timeout ends TIMED_OUT at the timeout", async () => {
    const endpoint = await createEndpoint({ timeout: 1_000 });
    const id = await run(endpoint, { sleepMs: 5_000 });
    clock.advance(1_099);
    expect((await status(endpoint, id)).status).toBe("IN_PROGRESS");
    clock.advance(1);
    expect(await status(endpoint, id)).toEqual({
      id,
      status: "TIMED_OUT",
      delayTime: 100,
      executionTime: 1_000,
      workerId: `${endpoint}-w0`,
      error: "Execution exceeded the endpoint's timeout of 1000 ms",
    });
  });

  test("a job that ends exactly at the timeout completes", async () => {
    const endpoint = await createEndpoint({ timeout: 1_000 });
    const id = await run(endpoint, { sleepMs: 1_000 });
    clock.advance(1_100);
    expect((await status(endpoint, id)).status).toBe("COMPLETED");
  });
});

describe("retry", () => {
  test("a FAILED job is queued again under its id, its error gone until it fails again", async () => {
    const endpoint = await createEndpoint();
    const id = await run(endpoint, { error: "flaky" });
    clock.advance(300);
    expect(await answerOf(post(endpoint, `retry/${id}`))).toEqual({ code: 200, body: { id, status: "IN_QUEUE" } });
    expect(await status(endpoint, id)).toEqual({ id, status: "IN_QUEUE" });
    clock.advance(300);
    expect(await status(endpoint, id)).toEqual({
      id,
      status: "FAILED",
      delayTime: 100,
      executionTime: 200,
      workerId: `${endpoint}-w0`,
      error: "flaky",
    });
  });

  test("a TIMED_OUT job runs again, under the endpoint's timeout of now", async () => {
    const endpoint = await createEndpoint({ timeout: 1_000 });
    const id = await run(endpoint, { sleepMs: 2_000 });
    clock.advance(1_100);
    expect((await status(endpoint, id)).status).toBe("TIMED_OUT");
    expect((await harness.call("PATCH", `/v2/serverless/${endpoint}`, { body: { timeout: 5_000 } })).status).toBe(200);
    expect(await answerOf(post(endpoint, `retry/${id}`))).toEqual({ code: 200, body: { id, status: "IN_QUEUE" } });
    clock.advance(2_100);
    expect(await status(endpoint, id)).toEqual({
      id,
      status: "COMPLETED",
      delayTime: 100,
      executionTime: 2_000,
      output: { sleepMs: 2_000 },
      workerId: `${endpoint}-w0`,
    });
  });

  test("a job that did not fail is refused", async () => {
    const endpoint = await createEndpoint();
    const queued = await run(endpoint);
    const done = await run(endpoint);
    clock.advance(300);
    const cancelled = await run(endpoint);
    await post(endpoint, `cancel/${cancelled}`);
    const pending = await run(endpoint);
    expectProblem(await post(endpoint, `retry/${done}`), 400, `Job ${done} is COMPLETED; only a FAILED or TIMED_OUT job can be retried`);
    expectProblem(
      await post(endpoint, `retry/${cancelled}`),
      400,
      `Job ${cancelled} is CANCELLED; only a FAILED or TIMED_OUT job can be retried`,
    );
    expectProblem(
      await post(endpoint, `retry/${pending}`),
      400,
      `Job ${pending} is IN_QUEUE; only a FAILED or TIMED_OUT job can be retried`,
    );
    expect((await status(endpoint, queued)).status).toBe("COMPLETED");
  });
});

describe("purge-queue", () => {
  test("removes the queued jobs and says how many; running ones go on", async () => {
    const endpoint = await createEndpoint();
    const running = await run(endpoint, { sleepMs: 1_000 });
    clock.advance(100);
    const queued = [await run(endpoint), await run(endpoint)];
    expect(await answerOf(post(endpoint, "purge-queue"))).toEqual({ code: 200, body: { removed: 2, status: "completed" } });
    for (const id of queued) expectProblem(await harness.call("GET", `/v2/${endpoint}/status/${id}`), 404, `Job ${id} not found`);
    clock.advance(1_000);
    expect((await status(endpoint, running)).status).toBe("COMPLETED");
    expect(await answerOf(post(endpoint, "purge-queue"))).toEqual({ code: 200, body: { removed: 0, status: "completed" } });
  });
});

describe("stream", () => {
  test("each chunk is handed out once, as the job yields it over its execution", async () => {
    const endpoint = await createEndpoint();
    const id = await run(endpoint, { stream: ["a", { b: 2 }, "c", "d"], sleepMs: 400 });
    expect(await stream(endpoint, id)).toEqual({ status: "IN_QUEUE", stream: [] });
    clock.advance(200);
    expect(await stream(endpoint, id)).toEqual({ status: "IN_PROGRESS", stream: [{ output: "a" }] });
    clock.advance(200);
    expect(await stream(endpoint, id)).toEqual({ status: "IN_PROGRESS", stream: [{ output: { b: 2 } }, { output: "c" }] });
    expect(await stream(endpoint, id)).toEqual({ status: "IN_PROGRESS", stream: [] });
    clock.advance(100);
    expect(await stream(endpoint, id)).toEqual({ status: "COMPLETED", stream: [{ output: "d" }] });
    expect(await stream(endpoint, id)).toEqual({ status: "COMPLETED", stream: [] });
    expect((await status(endpoint, id)).output).toEqual({ stream: ["a", { b: 2 }, "c", "d"], sleepMs: 400 });
  });

  test("a job that yields nothing streams its whole output once COMPLETED", async () => {
    const endpoint = await createEndpoint();
    const id = await run(endpoint, { n: 1 });
    clock.advance(200);
    expect(await stream(endpoint, id)).toEqual({ status: "IN_PROGRESS", stream: [] });
    clock.advance(100);
    expect(await stream(endpoint, id)).toEqual({ status: "COMPLETED", stream: [{ output: { n: 1 } }] });
    expect(await stream(endpoint, id)).toEqual({ status: "COMPLETED", stream: [] });
  });

  test("a cancel stops what the job yields", async () => {
    const endpoint = await createEndpoint();
    const id = await run(endpoint, { stream: [1, 2, 3, 4], sleepMs: 400 });
    clock.advance(300);
    await post(endpoint, `cancel/${id}`);
    clock.advance(1_000);
    expect(await stream(endpoint, id)).toEqual({ status: "CANCELLED", stream: [{ output: 1 }, { output: 2 }] });
  });
});

describe("health", () => {
  const workers = (counts: Record<string, number> = {}) => ({
    idle: 0,
    initializing: 0,
    ready: 0,
    running: 0,
    throttled: 0,
    unhealthy: 0,
    ...counts,
  });
  const jobs = (counts: Record<string, number> = {}) => ({ completed: 0, failed: 0, inProgress: 0, inQueue: 0, retried: 0, ...counts });

  test("jobs and standing workers by state, as they start, run and finish", async () => {
    const endpoint = await createEndpoint({ workers: { min: 2, max: 2 } });
    expect(await health(endpoint)).toEqual({ jobs: jobs(), workers: workers({ initializing: 2 }) });
    const done = await run(endpoint);
    await run(endpoint, { error: "boom" });
    expect(await health(endpoint)).toEqual({ jobs: jobs({ inQueue: 2 }), workers: workers({ initializing: 2 }) });
    clock.advance(500);
    expect(await health(endpoint)).toEqual({ jobs: jobs({ inProgress: 2 }), workers: workers({ running: 1, idle: 1, ready: 2 }) });
    clock.advance(200);
    expect(await health(endpoint)).toEqual({ jobs: jobs({ completed: 1, failed: 1 }), workers: workers({ idle: 2, ready: 2 }) });
    await post(endpoint, `cancel/${done}`);
    expect((await health(endpoint)).jobs).toEqual(jobs({ completed: 1, failed: 1 }));
  });

  test("with no standing worker, one runs while jobs do; retried jobs are counted until they end", async () => {
    const endpoint = await createEndpoint();
    const id = await run(endpoint, { error: "flaky" });
    expect(await health(endpoint)).toEqual({ jobs: jobs({ inQueue: 1 }), workers: workers() });
    clock.advance(100);
    expect(await health(endpoint)).toEqual({ jobs: jobs({ inProgress: 1 }), workers: workers({ running: 1, ready: 1 }) });
    clock.advance(200);
    await post(endpoint, `retry/${id}`);
    expect(await health(endpoint)).toEqual({ jobs: jobs({ inQueue: 1, retried: 1 }), workers: workers() });
    clock.advance(300);
    expect(await health(endpoint)).toEqual({ jobs: jobs({ failed: 1 }), workers: workers() });
  });

  test("the hosted model has one worker, always up", async () => {
    expect(await health("text-to-video")).toEqual({ jobs: jobs(), workers: workers({ idle: 1, ready: 1 }) });
    await run("text-to-video", { prompt: "a fox", duration: 1 });
    clock.advance(100);
    expect(await health("text-to-video")).toEqual({ jobs: jobs({ inProgress: 1 }), workers: workers({ running: 1, ready: 1 }) });
  });

  test("the workers list agrees with health", async () => {
    const endpoint = await createEndpoint({ workers: { min: 1, max: 1 } });
    clock.advance(500);
    await run(endpoint);
    clock.advance(100);
    const listed = (await harness.call("GET", `/v2/serverless/${endpoint}/workers`)).body.summary;
    expect(listed).toEqual({ running: 1, idle: 0, initializing: 0, throttled: 0, unhealthy: 0, total: 1 });
    expect((await health(endpoint)).workers).toEqual(workers({ running: 1, ready: 1 }));
  });
});

test("a read-only key reads jobs and health but changes none", async () => {
  const endpoint = await createEndpoint();
  const id = await run(endpoint);
  for (const operation of [`cancel/${id}`, `retry/${id}`, "purge-queue"]) {
    const path = `/v2/${endpoint}/${operation}`;
    expectProblem(await harness.call("POST", path, { key: READ_ONLY_KEY }), 403, `This API key is read-only and cannot POST ${path}`);
  }
  for (const operation of [`status/${id}`, "health"]) {
    expect((await harness.call("GET", `/v2/${endpoint}/${operation}`, { key: READ_ONLY_KEY })).status).toBe(200);
  }
  expect(await status(endpoint, id)).toEqual({ id, status: "IN_QUEUE" });
});

test("a read-only key cannot take a stream's chunks: its read is refused and the owner still gets every chunk", async () => {
  const endpoint = await createEndpoint();
  const id = await run(endpoint, { stream: ["a", "b"], sleepMs: 400 });
  clock.advance(1000);
  expect((await status(endpoint, id)).status).toBe("COMPLETED");

  expectProblem(
    await harness.call("GET", `/v2/${endpoint}/stream/${id}`, { key: READ_ONLY_KEY }),
    403,
    "This API key is read-only and cannot read a stream: a read takes the chunks it returns",
  );
  expectProblem(await harness.call("GET", `/v2/${endpoint}/stream/nope`, { key: READ_ONLY_KEY }), 404, "Job nope not found");
  expect(await stream(endpoint, id)).toEqual({ status: "COMPLETED", stream: [{ output: "a" }, { output: "b" }] });
});

describe("input nested deeper than 100 levels", () => {
  /** `objects` objects, each the only value of the one before. */
  const nested = (objects: number) => `${'{"a":'.repeat(objects)}1${"}".repeat(objects)}`;
  const refusal = "Request body nests arrays and objects more than 100 levels deep";

  test.each(["run", "runsync"])("answers 400 to %s and queues nothing", async (operation) => {
    const endpoint = await createEndpoint();
    const answer = await harness.call("POST", `/v2/${endpoint}/${operation}`, { rawBody: `{"input":${nested(5000)}}` });
    expectProblem(answer, 400, refusal);
    expect(await health(endpoint)).toMatchObject({ jobs: { inQueue: 0, inProgress: 0, completed: 0, failed: 0 } });
  });

  test("the body at exactly 100 levels is a job", async () => {
    const endpoint = await createEndpoint();
    // The body is level 1: an input of 99 objects makes 100 levels, of 100 objects 101.
    const answer = await harness.call("POST", `/v2/${endpoint}/run`, { rawBody: `{"input":${nested(99)}}` });
    expect(answer.status).toBe(200);
    expectProblem(await harness.call("POST", `/v2/${endpoint}/run`, { rawBody: `{"input":${nested(100)}}` }), 400, refusal);
  });
});

test("a load-balancing endpoint has no job operations", async () => {
  const balanced = await createEndpoint({ type: "LOAD_BALANCER", scaling: { type: "REQUEST_COUNT", requestCount: 4 } });
  const refusal = `Endpoint ${balanced} is load-balancing and has no job queue; send requests to its base URL`;
  for (const operation of ["cancel/x", "retry/x", "purge-queue"]) expectProblem(await post(balanced, operation), 400, refusal);
  for (const operation of ["stream/x", "health"]) expectProblem(await harness.call("GET", `/v2/${balanced}/${operation}`), 400, refusal);
});
