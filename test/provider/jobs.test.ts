// The job API client and the Job and TextToVideoJob providers against the real emulator over HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { ComputePlatformClient, WaitTimeoutError } from "../../provider/client";
import { UNKNOWN } from "../../provider/values/unknown";
import * as job from "../../provider/resources/job/job.provider";
import * as video from "../../provider/resources/textToVideoJob/textToVideoJob.provider";
import type { CreateEndpointRequest } from "../../provider/resources/serverlessEndpoint/inputs";
import { ManualClock } from "../emulator/harness";
import { providerOnClock } from "../support/providerClock";
import { apiGet, apiRequest, emulatorForProvider, passedCheck, rejection, writes } from "./providerHarness";

const echoEndpoint: CreateEndpointRequest = {
  name: "echo",
  type: "QUEUE",
  image: "org/echo:1",
  cpu: [{ id: "cpu3c", vcpuCount: 2 }],
  scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
};

describe("the job client", () => {
  // The client and the emulator share a clock the test moves: the client's pauses between status reads move it.
  const clock = new ManualClock();
  const apiKey = "job-client-test-key";
  let emulator: Emulator;
  let echo: string;
  const client = () =>
    new ComputePlatformClient({ baseUrl: emulator.url, apiKey, clock: { now: clock.read, sleep: async (ms) => clock.advance(ms) } });

  beforeAll(async () => {
    emulator = await startEmulator({ apiKeys: [apiKey], clock: clock.read });
    echo = (await client().serverless.create(echoEndpoint)).id;
  });
  afterAll(async () => emulator.close());
  beforeEach(() => emulator.resetRequests());

  it("run, then wait reads the job's status, one second later, when it is COMPLETED", async () => {
    const jobs = client().jobs;
    const queued = await jobs.run(echo, { n: 1 });
    expect(queued.status).toBe("IN_QUEUE");
    const done = await clock.advanceUntil(jobs.wait(echo, queued.id));
    expect(done).toEqual({
      id: queued.id,
      status: "COMPLETED",
      delayTime: 100,
      executionTime: 200,
      output: { n: 1 },
      workerId: `${echo}-w0`,
    });
    expect(emulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST /v2/${echo}/run`,
      `GET /v2/${echo}/status/${queued.id}`,
    ]);
  });

  it("wait reads the status a second after it starts, then twice as long each time, up to 15 s", async () => {
    const jobs = client().jobs;
    const queued = await jobs.run(echo, { sleepMs: 20_000 });
    emulator.resetRequests();
    const start = clock.read();
    expect((await jobs.wait(echo, queued.id)).status).toBe("COMPLETED");
    // Reads at 1, 3, 7 and 15 s find it running; the one at 30 s (15 s after) finds it done, 20.1 s in.
    expect(clock.read() - start).toBe(30_000);
    expect(emulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual(
      Array<string>(5).fill(`GET /v2/${echo}/status/${queued.id}`),
    );
  });

  it("a request the API refuses is still an ApiError", async () => {
    const error = await rejection(client().jobs.runsync("no-such-endpoint", {}));
    expect(error.message).toMatch(/^POST \/v2\/no-such-endpoint\/runsync failed with 404 Not Found: Endpoint no-such-endpoint not found/);
  });

  it("wait fails at its time-out naming the job and its last status", async () => {
    const jobs = client().jobs;
    const queued = await jobs.run("text-to-video", { prompt: "slow", duration: 16 });
    const error = await rejection(clock.advanceUntil(jobs.wait("text-to-video", queued.id, { timeoutMs: 1000 })));
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.message).toBe(`job ${queued.id} of text-to-video did not become final within 1s (last seen: IN_PROGRESS)`);
  });

  it("textToVideo checks the input before any call, then returns the video and its cost", async () => {
    const jobs = client().jobs;
    const refused = await rejection(jobs.textToVideo({ prompt: "x", duration: 17 }));
    expect(refused.message).toBe("text-to-video input.duration: Too big: expected number to be <=16");
    expect(emulator.requests).toEqual([]);
    const { job: done, output } = await clock.advanceUntil(jobs.textToVideo({ prompt: "a fox", duration: 10 }));
    expect(done.status).toBe("COMPLETED");
    expect(output.cost).toBe(1.5);
    expect(output.video_url).toMatch(new RegExp(`^${emulator.url}/files/${done.id}\\.mp4\\?expires=`));
  });
});

describe("Job", () => {
  let emulator: Emulator;
  let restoreClock: () => void;
  let echo: string;
  beforeAll(async () => {
    emulator = await emulatorForProvider();
    restoreClock = providerOnClock(emulator.clock);
    echo = (await apiRequest(emulator, "POST", "/v2/serverless", echoEndpoint)).body.id;
  });
  afterAll(async () => {
    restoreClock();
    await emulator.close();
  });
  beforeEach(() => emulator.resetRequests());

  it("check names the property before any API call", async () => {
    expect(await job.check({}, { endpointId: "", input: {} })).toEqual({
      failures: [{ property: "endpointId", reason: "Too small: expected string to have >=1 characters" }],
    });
    expect(emulator.requests).toEqual([]);
  });

  it("create runs the job; another input replaces it; a time-out change is recorded in place", async () => {
    const inputs = await passedCheck(job.check, { endpointId: echo, input: { prompt: "ping" } });
    const { id, outs } = await job.create(inputs);
    expect(outs).toEqual({
      endpointId: echo,
      input: { prompt: "ping" },
      timeoutSeconds: 600,
      recordFailure: false,
      status: "COMPLETED",
      output: { prompt: "ping" },
      delayTime: 100,
      executionTime: 200,
      workerId: `${echo}-w0`,
    });
    expect(emulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST /v2/${echo}/run`,
      `GET /v2/${echo}/status/${id}`,
    ]);
    expect(await job.diff(id, outs!, { ...inputs, input: { prompt: "pong" } })).toEqual({ changes: true, replaces: ["input"] });
    expect(await job.diff(id, outs!, { ...inputs, timeoutSeconds: 60 })).toEqual({ changes: true, replaces: [] });
    expect((await job.update(id, outs!, { ...inputs, timeoutSeconds: 60 })).outs!.timeoutSeconds).toBe(60);
    expect(await job.read(id, outs!)).toEqual({ id, props: outs });
  });

  it("a job recorded before recordFailure existed shows no change for its default", async () => {
    const inputs = await passedCheck(job.check, { endpointId: echo, input: { n: 1 } });
    const { recordFailure: _absent, ...recordedEarlier } = { ...inputs, status: "COMPLETED" };
    expect(await job.diff("an-id", recordedEarlier as never, inputs)).toEqual({ changes: false, replaces: [] });
    expect(await job.diff("an-id", recordedEarlier as never, { ...inputs, recordFailure: true })).toEqual({ changes: true, replaces: [] });
  });

  it("a FAILED job fails create with the job's error", async () => {
    const error = await rejection(job.create(await passedCheck(job.check, { endpointId: echo, input: { error: "bad input" } })));
    expect(error.message).toMatch(new RegExp(`^job [0-9a-f-]{36} on endpoint ${echo} FAILED: bad input$`));
  });

  it("a job still running at the time-out is cancelled before create fails, so that nothing keeps billing", async () => {
    const inputs = await passedCheck(job.check, { endpointId: echo, input: { sleepMs: 60_000 }, timeoutSeconds: 1 });
    const error = await rejection(job.create(inputs));
    const [, id] = /^job (\S+) of /.exec(error.message) ?? [];
    expect(error.message).toBe(`job ${id} of ${echo} did not become final within 1s (last seen: IN_PROGRESS); the job was cancelled`);
    expect(await apiGet(emulator, `/v2/${echo}/status/${id}`)).toMatchObject({ id, status: "CANCELLED" });
    expect(writes(emulator)).toEqual([`POST /v2/${echo}/run`, `POST /v2/${echo}/cancel/${id}`]);
  });

  it("when even the cancel fails, the job is recorded with the error, and destroying the resource cancels it", async () => {
    emulator.faults.injectStatus(503, { method: "POST", path: new RegExp(`^/v2/${echo}/cancel/`) });
    const inputs = await passedCheck(job.check, { endpointId: echo, input: { sleepMs: 60_000 }, timeoutSeconds: 1 });
    const failure = (await rejection(job.create({ ...inputs, __provider: "serialized" } as never))) as Error & {
      id: string;
      properties: Record<string, unknown>;
    };
    const id = failure.id;
    expect(failure.message).toMatch(
      new RegExp(
        `^job ${id} of ${echo} did not become final within 1s \\(last seen: IN_PROGRESS\\); cancelling the job failed too \\(POST /v2/${echo}/cancel/${id} failed with 503 `,
      ),
    );
    expect(failure.message).toMatch(/: destroy the resource to cancel it$/);
    expect(failure.properties).toEqual({ ...inputs, status: "IN_PROGRESS", __provider: "serialized" });
    expect((await apiGet(emulator, `/v2/${echo}/status/${id}`)).status).toBe("IN_PROGRESS");
    await job.delete(id, failure.properties as never);
    expect((await apiGet(emulator, `/v2/${echo}/status/${id}`)).status).toBe("CANCELLED");
  });

  it("recordFailure keeps a FAILED job with its error instead of failing create; the setting changes in place", async () => {
    const inputs = await passedCheck(job.check, { endpointId: echo, input: { error: "expected refusal" }, recordFailure: true });
    const { id, outs } = await job.create(inputs);
    expect(outs).toEqual({
      endpointId: echo,
      input: { error: "expected refusal" },
      timeoutSeconds: 600,
      recordFailure: true,
      status: "FAILED",
      delayTime: 100,
      executionTime: 200,
      workerId: `${echo}-w0`,
      error: "expected refusal",
    });
    expect(await job.diff(id, outs!, { ...inputs, recordFailure: false })).toEqual({ changes: true, replaces: [] });
    expect((await job.update(id, outs!, { ...inputs, recordFailure: false })).outs!.recordFailure).toBe(false);
  });

  it("destroying a job that has ended only forgets it; one still queued or running is cancelled", async () => {
    const { id, outs } = await job.create(await passedCheck(job.check, { endpointId: echo, input: { n: 1 } }));
    emulator.resetRequests();
    await job.delete(id, outs!);
    expect(emulator.requests).toEqual([]);
    const queued = (await apiRequest(emulator, "POST", `/v2/${echo}/run`, { input: { sleepMs: 60_000 } })).body;
    await job.delete(queued.id, { ...outs!, status: queued.status });
    expect(await apiGet(emulator, `/v2/${echo}/status/${queued.id}`)).toEqual({ id: queued.id, status: "CANCELLED" });
  });

  it("refresh drops a job whose endpoint was deleted with its history", async () => {
    const doomed = (await apiRequest(emulator, "POST", "/v2/serverless", { ...echoEndpoint, name: "doomed" })).body.id;
    const { id, outs } = await job.create(await passedCheck(job.check, { endpointId: doomed, input: {} }));
    await apiRequest(emulator, "DELETE", `/v2/serverless/${doomed}`);
    expect(await job.read(id, outs!)).toEqual({ id: "" });
  });
});

describe("TextToVideoJob", () => {
  let emulator: Emulator;
  let restoreClock: () => void;
  beforeAll(async () => {
    emulator = await emulatorForProvider();
    restoreClock = providerOnClock(emulator.clock);
  });
  afterAll(async () => {
    restoreClock();
    await emulator.close();
  });
  beforeEach(() => emulator.resetRequests());

  it.each([
    [{ prompt: "x", duration: 0 }, "input.duration", "Too small: expected number to be >=1"],
    [{ prompt: "x", duration: 17 }, "input.duration", "Too big: expected number to be <=16"],
    [{ prompt: "x", style: "noir" }, "input.style", 'Invalid option: expected one of "general"|"anime"'],
    [{ prompt: " " }, "input.prompt", "must not be empty"],
    [{ prompt: "x", fps: 24 }, "input.fps", "unknown property"],
  ])("check refuses %j naming %s, before any API call", async (input, property, reason) => {
    expect(await video.check({}, { input: input as never })).toEqual({ failures: [{ property, reason }] });
    expect(emulator.requests).toEqual([]);
  });

  it("at preview, an input unknown until apply passes check with the endpoint and time-out defaults", async () => {
    const inputs = await passedCheck(video.check, { input: { prompt: "waves", duration: UNKNOWN as never } });
    expect(inputs).toEqual({
      input: { prompt: "waves", duration: UNKNOWN },
      endpointId: "text-to-video",
      timeoutSeconds: 600,
      recordFailure: false,
    });
    expect(emulator.requests).toEqual([]);
  });

  it("a video still being generated at the time-out is cancelled before create fails", async () => {
    const error = await rejection(
      video.create(await passedCheck(video.check, { input: { prompt: "a long take", duration: 16 }, timeoutSeconds: 1 })),
    );
    const [, id] = /^job (\S+) of /.exec(error.message) ?? [];
    expect(error.message).toBe(`job ${id} of text-to-video did not become final within 1s (last seen: IN_PROGRESS); the job was cancelled`);
    expect((await apiGet(emulator, `/v2/text-to-video/status/${id}`)).status).toBe("CANCELLED");
  });

  it("create generates the video; its cost equals the estimate", async () => {
    const inputs = await passedCheck(video.check, { input: { prompt: "a red fox in fresh snow", duration: 4 } });
    expect(inputs).toEqual({
      input: {
        prompt: "a red fox in fresh snow",
        style: "general",
        resolution: "720p",
        duration: 4,
        aspect_ratio: "4:3",
        movement_amplitude: "auto",
        generate_audio: true,
        bgm: true,
        seed: -1,
      },
      endpointId: "text-to-video",
      timeoutSeconds: 600,
      recordFailure: false,
    });
    const { id, outs } = await video.create(inputs);
    expect(outs).toMatchObject({ status: "COMPLETED", cost: 0.6, estimatedCost: 0.6, executionTime: 800 });
    // One status read, a second after the run, when the 900 ms of queue and work are over; never status-sync.
    expect(emulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /v2/text-to-video/run",
      `GET /v2/text-to-video/status/${id}`,
    ]);
    expect(outs!.videoUrl).toBe(outs!.output!.video_url);
    expect(await video.diff(id, outs!, { ...inputs, input: { ...inputs.input, duration: 8 } })).toEqual({
      changes: true,
      replaces: ["input"],
    });
  });
});
