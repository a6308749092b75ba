import { request } from "undici";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API_KEY, expectProblem, gpuPod, type Harness, ManualClock, parseSse, startHarness } from "./harness";

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

const logs = async (query = "", headers: Record<string, string> = {}) => {
  const answer = await harness.call("GET", `/v2/pods/${podId}/logs${query}`, { headers });
  expect(answer.status).toBe(200);
  return parseSse(answer.text);
};

const line = (id: number, offset: number, source: string, message: string) => ({
  id: String(id),
  event: "log",
  data: { timestamp: new Date(createdAt + offset).toISOString(), source, message },
});

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
  test("is the pod's lifecycle as Server-Sent Events", async () => {
    const answer = await harness.call("GET", `/v2/pods/${podId}/logs`);
    expect(answer.headers).toMatchObject({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      ratelimit: expect.any(String),
    });
    expect(parseSse(answer.text)).toEqual(FIRST_RUN);
  });

  test.each([
    { case: "source=container", query: "?source=container", ids: [6, 7, 8, 9] },
    { case: "source=system", query: "?source=system", ids: [1, 2, 3, 4, 5] },
    { case: "tail=2", query: "?tail=2", ids: [8, 9] },
    { case: "tail=0", query: "?tail=0", ids: [] },
    { case: "tail with a source", query: "?tail=1&source=system", ids: [5] },
    { case: "since", query: `?since=${new Date(createdAt + 3000).toISOString()}`, ids: [5, 6, 7, 8, 9] },
  ])("$case", async ({ query, ids }) => {
    expect((await logs(query)).map((event) => Number(event.id))).toEqual(ids);
  });

  test("Last-Event-ID resumes after that event, before since and tail", async () => {
    const events = await logs(`?tail=1&since=${new Date(createdAt).toISOString()}`, { "last-event-id": "6" });
    expect(events).toEqual(FIRST_RUN.slice(6));
  });

  test("later runs append, keeping earlier ids", async () => {
    await harness.call("POST", `/v2/pods/${podId}/action`, { body: { action: "stop" } });
    clock.advance(1000);
    await harness.call("POST", `/v2/pods/${podId}/action`, { body: { action: "start" } });
    clock.advance(2000);
    const stoppedAt = 128_000;
    expect(await logs("?tail=5000")).toEqual([
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
    { query: "?source=stdout", errors: ["must be one of system, container at /source"] },
    { query: "?since=yesterday", errors: ["Invalid ISO datetime at /since"] },
    { query: "?follow=yes", errors: ["must be one of true, false at /follow"] },
  ])("$query", async ({ query, errors }) => {
    expectProblem(await harness.call("GET", `/v2/pods/${podId}/logs${query}`), 400, "Query parameters failed validation", errors);
  });

  test("a Last-Event-ID this stream never sent", async () => {
    expectProblem(
      await harness.call("GET", `/v2/pods/${podId}/logs`, { headers: { "last-event-id": "2026-03-02T00:00:00Z" } }),
      400,
      "Last-Event-ID must be the id of an event this stream sent",
    );
  });
});

/**
 * Reads a streamed body until `done` holds for the text so far (true) or the stream ends (false). Reads with
 * `next()` rather than `for await`, whose early exit would destroy the stream.
 */
async function readUntil(body: AsyncIterator<Buffer>, received: { text: string }, done: (text: string) => boolean) {
  for (;;) {
    const chunk = await body.next();
    if (chunk.done) return false;
    received.text += chunk.value.toString();
    if (done(received.text)) return true;
  }
}

describe("follow=true", () => {
  test("streams new lines as time passes and ends when the pod is gone", async () => {
    const { id } = (await harness.call("POST", "/v2/pods", { body: gpuPod() })).body;
    const response = await request(`${harness.emulator.url}/v2/pods/${id}/logs?follow=true&source=system`, {
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    expect(response.statusCode).toBe(200);
    const stream = response.body[Symbol.asyncIterator]();
    const received = { text: "" };
    expect(await readUntil(stream, received, (text) => text.includes("Pulling image"))).toBe(true);
    clock.advance(3000);
    expect(await readUntil(stream, received, (text) => text.includes("Container is running"))).toBe(true);
    await harness.call("DELETE", `/v2/pods/${id}`);
    expect(await readUntil(stream, received, () => false)).toBe(false);
    expect(parseSse(received.text).map((event) => event.data.message)).toEqual([
      "Scheduled on a 1 x NVIDIA GeForce RTX 4090 host in US-TX-3",
      "Pulling image org/trainer:1.2",
      "Image org/trainer:1.2 pulled",
      "Starting container",
      "Container is running",
    ]);
  });

  test("ends when the emulator closes", async () => {
    const own = await startHarness();
    const { id } = (await own.call("POST", "/v2/pods", { body: gpuPod() })).body;
    const response = await request(`${own.emulator.url}/v2/pods/${id}/logs?follow=true`, {
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    const stream = response.body[Symbol.asyncIterator]();
    const received = { text: "" };
    await readUntil(stream, received, (text) => text.includes("Pulling image"));
    const closing = own.emulator.close();
    await expect(readUntil(stream, received, () => false).catch(() => false)).resolves.toBe(false);
    await closing;
  });
});
