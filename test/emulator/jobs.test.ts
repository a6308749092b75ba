import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectProblem, type Harness, ManualClock, startHarness } from "./harness";

const OTHER_KEY = "other-account-key";
const clock = new ManualClock();
let harness: Harness;
let echo: string;

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

beforeAll(async () => {
  harness = await startHarness({ clock: clock.read, apiKeys: ["emulator-key", { key: OTHER_KEY, account: "other" }] });
  echo = await createEndpoint();
});
afterAll(() => harness.emulator.close());

const run = (endpoint: string, input: unknown, mode: "run" | "runsync" = "run") =>
  mode === "run"
    ? harness.call("POST", `/v2/${endpoint}/run`, { body: { input } })
    : clock.advanceUntil(harness.call("POST", `/v2/${endpoint}/runsync`, { body: { input } }));
const status = (endpoint: string, jobId: string) => harness.call("GET", `/v2/${endpoint}/status/${jobId}`);

describe("custom queue-based endpoints run an echo handler", () => {
  test("run is queued, then in progress, then COMPLETED with the input as output", async () => {
    const queued = await run(echo, { prompt: "hi", n: 2 });
    expect(queued.status).toBe(200);
    expect(queued.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: "IN_QUEUE" });
    const id = queued.body.id;
    expect((await status(echo, id)).body).toEqual({ id, status: "IN_QUEUE" });
    clock.advance(100);
    expect((await status(echo, id)).body).toEqual({ id, status: "IN_PROGRESS", delayTime: 100, workerId: `${echo}-w0` });
    clock.advance(200);
    expect((await status(echo, id)).body).toEqual({
      id,
      status: "COMPLETED",
      delayTime: 100,
      executionTime: 200,
      output: { prompt: "hi", n: 2 },
      workerId: `${echo}-w0`,
    });
  });

  test("runsync waits for the job and answers it completed, with a sync- id readable by status afterwards", async () => {
    const answer = await run(echo, { a: 1 }, "runsync");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^sync-/),
      status: "COMPLETED",
      delayTime: 100,
      executionTime: 200,
      output: { a: 1 },
      workerId: `${echo}-w0`,
    });
    expect((await status(echo, answer.body.id)).body).toEqual(answer.body);
  });

  test("an `error` input fails the job: runsync answers 400 with the job, not a problem; status answers 200", async () => {
    const sync = await run(echo, { error: "boom" }, "runsync");
    expect(sync.status).toBe(400);
    expect(sync.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(sync.body).toEqual({ id: expect.stringMatching(/^sync-/), status: "FAILED", error: "boom" });
    const queued = (await run(echo, { error: "later" })).body;
    clock.advance(300);
    const failed = await status(echo, queued.id);
    expect({ status: failed.status, body: failed.body }).toEqual({
      status: 200,
      body: { id: queued.id, status: "FAILED", delayTime: 100, executionTime: 200, workerId: `${echo}-w0`, error: "later" },
    });
  });

  test("runsync whose wait expires answers the job as it stands; status then follows the rest", async () => {
    const unfinished = await clock.advanceUntil(
      harness.call("POST", `/v2/${echo}/runsync?wait=1000`, { body: { input: { sleepMs: 5000 } } }),
    );
    expect({ status: unfinished.status, body: unfinished.body }).toEqual({
      status: 200,
      body: { id: unfinished.body.id, status: "IN_PROGRESS", delayTime: 100, workerId: `${echo}-w0` },
    });
    expect((await status(echo, unfinished.body.id)).body.status).toBe("IN_PROGRESS");
    clock.advance(5000);
    const done = await status(echo, unfinished.body.id);
    expect({ status: done.status, body: done.body }).toEqual({
      status: 200,
      body: {
        id: unfinished.body.id,
        status: "COMPLETED",
        delayTime: 100,
        executionTime: 5000,
        output: { sleepMs: 5000 },
        workerId: `${echo}-w0`,
      },
    });
  });

  test("status-sync, which no endpoint's requestUrls name, is no route: 404", async () => {
    const queued = (await run(echo, {})).body;
    expectProblem(
      await harness.call("GET", `/v2/${echo}/status-sync/${queued.id}?wait=1000`),
      404,
      `No route for GET /v2/${echo}/status-sync/${queued.id}`,
    );
  });

  test("a job purged while runsync waits answers 404", async () => {
    const blocked = await createEndpoint({ workers: { min: 1, max: 1 } });
    const waiting = harness.call("POST", `/v2/${blocked}/runsync?wait=1000`, { body: { input: {} } });
    while ((await harness.call("GET", `/v2/${blocked}/health`)).body.jobs.inQueue === 0);
    expect((await harness.call("POST", `/v2/${blocked}/purge-queue`)).body).toEqual({ removed: 1, status: "completed" });
    expectProblem(await waiting, 404, expect.stringMatching(/^Job sync-[0-9a-f-]{36} not found$/));
  });

  test.each([
    ["999", "must be >= 1000 at /wait"],
    ["300001", "must be <= 300000 at /wait"],
    ["1500.5", "expected integer at /wait"],
    ["soon", "expected number at /wait"],
  ])("wait=%s is refused before anything is queued: %s", async (wait, error) => {
    const before = (await harness.call("GET", `/v2/${echo}/health`)).body.jobs;
    expectProblem(
      await harness.call("POST", `/v2/${echo}/runsync?wait=${wait}`, { body: { input: {} } }),
      400,
      "Query parameters failed validation",
      [error],
    );
    expect((await harness.call("GET", `/v2/${echo}/health`)).body.jobs).toEqual(before);
  });

  test.each([
    [{ sleepMs: -1 }, "input.sleepMs must be a non-negative integer of milliseconds"],
    [{ sleepMs: 1.5 }, "input.sleepMs must be a non-negative integer of milliseconds"],
    [{ sleepMs: "1s" }, "input.sleepMs must be a non-negative integer of milliseconds"],
    [{ stream: "abc" }, "input.stream must be an array"],
  ])("echo knob %j fails the job: %s", async (input, error) => {
    const answer = await run(echo, input, "runsync");
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { id: answer.body.id, status: "FAILED", error } });
  });

  test("a job waits for the standing workers to be ready", async () => {
    const starting = await createEndpoint({ workers: { min: 1, max: 1 } });
    clock.advance(200);
    const queued = (await run(starting, {})).body;
    clock.advance(299);
    expect((await status(starting, queued.id)).body).toEqual({ id: queued.id, status: "IN_QUEUE" });
    clock.advance(1);
    expect((await status(starting, queued.id)).body).toEqual({
      id: queued.id,
      status: "IN_PROGRESS",
      delayTime: 300,
      workerId: `${starting}-w0`,
    });
  });

  test("requests that are not jobs are problems", async () => {
    const invalid = "Request body failed validation";
    expectProblem(await harness.call("POST", `/v2/${echo}/run`, { body: {} }), 400, invalid, ["missing required property at /input"]);
    expectProblem(await harness.call("POST", `/v2/${echo}/run`, { body: { input: "text" } }), 400, invalid, ["expected record at /input"]);
    expectProblem(await run("nope", {}), 404, "Endpoint nope not found");
    expectProblem(await status(echo, "missing"), 404, "Job missing not found");
    expectProblem(await harness.call("POST", `/v2/${echo}/run`, { body: { input: {} }, key: null }), 401, "Missing bearer token");
  });

  test("another account's endpoint answers 403; a load-balancing one 400", async () => {
    expectProblem(
      await harness.call("POST", `/v2/${echo}/run`, { body: { input: {} }, key: OTHER_KEY }),
      403,
      `Endpoint ${echo} is not accessible with this API key`,
    );
    const balanced = (
      await harness.call("POST", "/v2/serverless", {
        body: {
          name: "lb",
          type: "LOAD_BALANCER",
          image: "org/api:1",
          cpu: [{ id: "cpu3c", vcpuCount: 2 }],
          scaling: { type: "REQUEST_COUNT", requestCount: 4 },
        },
      })
    ).body.id;
    expectProblem(
      await run(balanced, {}),
      400,
      `Endpoint ${balanced} is load-balancing and has no job queue; send requests to its base URL`,
    );
  });
});

test("closing the emulator ends the wait of runsync, which answers the job as it stands", async () => {
  // Standing workers that take a minute to start keep the jobs IN_QUEUE for the whole test.
  const closing = await startHarness({ timings: { provisioningMs: 60_000, startingMs: 0 } });
  const body = {
    name: "slow",
    type: "QUEUE",
    image: "org/echo:1",
    cpu: [{ id: "cpu3c", vcpuCount: 2 }],
    workers: { min: 1, max: 1 },
    scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
  };
  const endpoint = (await closing.call("POST", "/v2/serverless", { body })).body.id;
  const waiting = closing.call("POST", `/v2/${endpoint}/runsync?wait=300000`, { body: { input: {} } });
  while ((await closing.call("GET", `/v2/${endpoint}/health`)).body.jobs.inQueue === 0);
  // The test's time limit is what fails if a wait outlives close().
  await closing.emulator.close();
  const runsync = await waiting;
  expect({ status: runsync.status, body: runsync.body }).toEqual({ status: 200, body: { id: runsync.body.id, status: "IN_QUEUE" } });
}, 5_000);

describe("the hosted text-to-video model", () => {
  test("applies the defaults: 5 s cost 0.75 USD; the URL expires 7 days after completion", async () => {
    const queued = (await run("text-to-video", { prompt: "a fox in the snow" })).body;
    clock.advance(1100);
    const answer = await status("text-to-video", queued.id);
    expect(answer.status).toBe(200);
    const expires = new Date(clock.now + 7 * 24 * 3600 * 1000).toISOString();
    expect(answer.body).toEqual({
      id: answer.body.id,
      status: "COMPLETED",
      delayTime: 100,
      executionTime: 1000,
      output: { video_url: `${harness.emulator.url}/files/${answer.body.id}.mp4?expires=${encodeURIComponent(expires)}`, cost: 0.75 },
      workerId: "text-to-video-w0",
    });
  });

  test.each([
    [1, 0.15],
    [10, 1.5],
    [16, 2.4],
  ])("%i s costs %f USD", async (duration, cost) => {
    const answer = await run("text-to-video", { prompt: "waves", duration }, "runsync");
    expect(answer.body.output.cost).toBe(cost);
    expect(answer.body.executionTime).toBe(200 * duration);
  });

  test("an async job's URL expires 7 days after it completes, not after it was submitted", async () => {
    const queued = (await run("text-to-video", { prompt: "city", duration: 2 })).body;
    const completedAt = clock.now + 100 + 400;
    clock.advance(500);
    const done = (await status("text-to-video", queued.id)).body;
    expect(done.output.video_url).toBe(
      `${harness.emulator.url}/files/${queued.id}.mp4?expires=${encodeURIComponent(new Date(completedAt + 7 * 24 * 3600 * 1000).toISOString())}`,
    );
  });

  test.each([
    [{ prompt: "x", duration: 0 }, "input.duration must be an integer from 1 to 16"],
    [{ prompt: "x", duration: 17 }, "input.duration must be an integer from 1 to 16"],
    [{ prompt: "x", duration: 2.5 }, "input.duration must be an integer from 1 to 16"],
    [{ duration: 5 }, "input.prompt is required"],
    [{ prompt: "x", style: "noir" }, "input.style must be one of general, anime"],
    [{ prompt: "x", resolution: "4k" }, "input.resolution must be one of 540p, 720p, 1080p"],
    [{ prompt: "x", aspect_ratio: "2:1" }, "input.aspect_ratio must be one of 16:9, 9:16, 4:3, 3:4, 1:1"],
    [{ prompt: "x", movement_amplitude: "huge" }, "input.movement_amplitude must be one of auto, small, medium, large"],
    [{ prompt: "x", bgm: "yes" }, "input.bgm must be a boolean"],
    [{ prompt: "x", seed: -2 }, "input.seed must be an integer, -1 for random"],
    [{ prompt: "x", fps: 60 }, "input.fps is not an input of the text-to-video model"],
  ])("input %j fails the job: %s", async (input, error) => {
    const answer = await run("text-to-video", input, "runsync");
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { id: answer.body.id, status: "FAILED", error } });
  });

  test("its endpoint id is configurable; the default one then answers 404", async () => {
    const moved = await startHarness({ jobs: { textToVideoEndpointId: "video-gen" } });
    try {
      const answer = await moved.call("POST", "/v2/video-gen/runsync", { body: { input: { prompt: "x", duration: 3 } } });
      expect(answer.body.output.cost).toBe(0.45);
      expectProblem(
        await moved.call("POST", "/v2/text-to-video/runsync", { body: { input: { prompt: "x" } } }),
        404,
        "Endpoint text-to-video not found",
      );
    } finally {
      await moved.emulator.close();
    }
  });
});
