import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectProblem, gpuPod, type Harness, ManualClock, openStream, startHarness } from "./harness";

const clock = new ManualClock();
let harness: Harness;
let podId: string;
const createdAt = clock.now;

beforeAll(async () => {
  harness = await startHarness({ clock: clock.read, timings: { provisioningMs: 1000, startingMs: 2000 } });
  podId = (await harness.call("POST", "/v2/pods", { body: gpuPod({ ports: ["22/tcp"], args: "--epochs 3" }) })).body.id;
  clock.advance(3000 + 125_000);
});

afterAll(() => harness.emulator.close());

/** The first `count` events of the pod's log stream, which stays open; closed once read. */
const logs = async (count: number, query = "", headers: Record<string, string> = {}) => {
  const stream = await openStream(harness, `/v2/pods/${podId}/logs${query}`, headers);
  expect(stream.status).toBe(200);
  const events = await stream.events(count);
  stream.close();
  return events;
};

const line = (position: number, offset: number, source: string, text: string) => {
  const ts = new Date(createdAt + offset).toISOString();
  return { id: `${ts}/${String(position).padStart(12, "0")}`, event: "message", data: { ts, source, line: text } };
};

const FIRST_RUN = [
  line(1, 0, "system", "Scheduled on a 1 x NVIDIA GeForce RTX 4090 host in US-TX-3"),
  line(2, 0, "system", "Pulling image org/trainer:1.2"),
  line(3, 1000, "system", "Image org/trainer:1.2 pulled"),
  line(4, 1000, "system", "Starting container"),
  line(5, 3000, "system", "Container is running"),
  line(6, 3000, "container", "Starting org/trainer:1.2 --epochs 3"),
  line(7, 3000, "container", "Listening on 22/tcp"),
  line(8, 63_000, "container", "Up 1 min"),
  line(9, 123_000, "container", "Up 2 min"),
];

describe("the backlog", () => {
  test("is the pod's lifecycle as Server-Sent Events, on a stream that stays open", async () => {
    const stream = await openStream(harness, `/v2/pods/${podId}/logs`);
    expect(stream.headers).toMatchObject({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "x-accel-buffering": "no",
      ratelimit: expect.any(String),
    });
    expect(await stream.events(FIRST_RUN.length)).toEqual(FIRST_RUN);
    stream.close();
  });

  test.each([
    { case: "source=container", query: "?source=container", positions: [6, 7, 8, 9] },
    { case: "source=system", query: "?source=system", positions: [1, 2, 3, 4, 5] },
    { case: "tail=2", query: "?tail=2", positions: [8, 9] },
    { case: "tail with a source", query: "?tail=1&source=system", positions: [5] },
    { case: "since", query: `?since=${new Date(createdAt + 3000).toISOString()}`, positions: [5, 6, 7, 8, 9] },
    { case: "since, before tail", query: `?tail=1&since=${new Date(createdAt + 63_000).toISOString()}`, positions: [8, 9] },
  ])("$case", async ({ query, positions }) => {
    expect(await logs(positions.length, query)).toEqual(positions.map((position) => FIRST_RUN[position - 1]));
  });

  test("Last-Event-ID resumes after that event, before since and tail", async () => {
    const events = await logs(3, `?tail=1&since=${new Date(createdAt).toISOString()}`, { "last-event-id": FIRST_RUN[5]!.id });
    expect(events).toEqual(FIRST_RUN.slice(6));
  });

  test("a time as Last-Event-ID resumes after every line up to it", async () => {
    expect(await logs(2, "", { "last-event-id": new Date(createdAt + 3000).toISOString() })).toEqual(FIRST_RUN.slice(7));
  });

  test("later runs append, keeping earlier ids", async () => {
    await harness.call("POST", `/v2/pods/${podId}/action`, { body: { action: "stop" } });
    clock.advance(1000);
    await harness.call("POST", `/v2/pods/${podId}/action`, { body: { action: "start" } });
    clock.advance(2000);
    const stoppedAt = 128_000;
    expect(await logs(14, "?tail=5000")).toEqual([
      ...FIRST_RUN,
      line(10, stoppedAt, "system", "Container stopped"),
      line(11, stoppedAt + 1000, "system", "Starting container"),
      line(12, stoppedAt + 3000, "system", "Container is running"),
      line(13, stoppedAt + 3000, "container", "Starting org/trainer:1.2 --epochs 3"),
      line(14, stoppedAt + 3000, "container", "Listening on 22/tcp"),
    ]);
  });
});

describe("invalid parameters are 400", () => {
  test.each([
    { query: "?tail=-1", errors: ["must be >= 0 at /tail"] },
    { query: "?tail=5001", errors: ["must be <= 5000 at /tail"] },
    { query: "?tail=1.5", errors: ["expected integer at /tail"] },
    { query: "?source=stdout", errors: ["must be one of container, system at /source"] },
    { query: "?since=yesterday", errors: ["Invalid ISO datetime at /since"] },
  ])("$query", async ({ query, errors }) => {
    expectProblem(await harness.call("GET", `/v2/pods/${podId}/logs${query}`), 400, "Query parameters failed validation", errors);
  });

  test("a Last-Event-ID that is neither an event id nor a time", async () => {
    expectProblem(
      await harness.call("GET", `/v2/pods/${podId}/logs`, { headers: { "last-event-id": "yesterday" } }),
      400,
      "Last-Event-ID must be the id of an event this stream sent, or a time",
    );
  });
});

describe("the stream stays open", () => {
  test("tail=0 sends no backlog, then new lines as time passes, and ends when the pod is gone", async () => {
    const startedAt = clock.now;
    const { id } = (await harness.call("POST", "/v2/pods", { body: gpuPod() })).body;
    const stream = await openStream(harness, `/v2/pods/${id}/logs?tail=0&source=system`);
    clock.advance(3000);
    const at = (position: number, offset: number, text: string) => {
      const ts = new Date(startedAt + offset).toISOString();
      return { id: `${ts}/${String(position).padStart(12, "0")}`, event: "message", data: { ts, source: "system", line: text } };
    };
    const live = [at(3, 1000, "Image org/trainer:1.2 pulled"), at(4, 1000, "Starting container"), at(5, 3000, "Container is running")];
    expect(await stream.events(3)).toEqual(live);
    await harness.call("DELETE", `/v2/pods/${id}`);
    expect(await stream.ended()).toEqual(live);
  });

  test("a follow parameter, which the API does not have, changes nothing", async () => {
    expect(await logs(2, "?tail=2&follow=false")).toEqual(await logs(2, "?tail=2"));
  });

  test("ends when the emulator closes", async () => {
    const own = await startHarness();
    const { id } = (await own.call("POST", "/v2/pods", { body: gpuPod() })).body;
    const stream = await openStream(own, `/v2/pods/${id}/logs`);
    expect((await stream.events(2)).map((event) => event.data.line)).toEqual([
      "Scheduled on a 1 x NVIDIA GeForce RTX 4090 host in US-TX-3",
      "Pulling image org/trainer:1.2",
    ]);
    const closing = own.emulator.close();
    await expect(stream.ended().then((events) => events.length)).resolves.toBe(2);
    await closing;
  });
});
