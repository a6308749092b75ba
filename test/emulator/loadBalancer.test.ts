import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, expectProblem, type Harness, ManualClock, startHarness } from "./harness";

// Standing workers start in 500 ms, the emulator's default pod timings.
const OTHER_KEY = "other-account-key";
const clock = new ManualClock();
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ clock: clock.read, apiKeys: ["emulator-key", { key: OTHER_KEY, account: "other" }] });
});
afterAll(() => harness.emulator.close());

/** A load-balancing endpoint; its request URLs. */
async function createBalanced(overrides: Record<string, unknown> = {}): Promise<{ id: string; base: string; health: string }> {
  const body = {
    name: "api",
    type: "LOAD_BALANCER",
    image: "org/api:1",
    cpu: [{ id: "cpu3c", vcpuCount: 2 }],
    scaling: { type: "REQUEST_COUNT", requestCount: 4 },
  };
  const answer = await harness.call("POST", "/v2/serverless", { body: { ...body, ...overrides } });
  if (answer.status !== 201) throw new Error(`endpoint create answered ${answer.status}: ${answer.text}`);
  return { id: answer.body.id, ...answer.body.requestUrls };
}

/** Calls a full URL the endpoint advertises, as a local client would. */
const fetchUrl = (method: string, url: string, options: Parameters<typeof call>[3] = {}) => {
  const { origin, pathname, search } = new URL(url);
  return call(origin, method, `${pathname}${search}`, options);
};

describe("base: an echo worker behind every path", () => {
  test("JSON bodies come back parsed, with the method, the path after base and the query", async () => {
    const { base } = await createBalanced();
    const answer = await fetchUrl("POST", `${base}/v1/chat/completions?stream=false&tag=a&tag=b`, {
      body: { messages: [{ role: "user", content: "hi" }] },
    });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 200,
      body: {
        method: "POST",
        path: "/v1/chat/completions",
        query: { stream: "false", tag: ["a", "b"] },
        body: { messages: [{ role: "user", content: "hi" }] },
      },
    });
  });

  test.each([
    ["text/plain", "plain words"],
    ["application/octet-stream", "raw bytes"],
    ["application/x-www-form-urlencoded", "a=1&b=2"],
  ])("a %s body comes back as its text", async (contentType, text) => {
    const { base } = await createBalanced();
    const answer = await fetchUrl("PUT", `${base}/upload`, { rawBody: text, headers: { "content-type": contentType } });
    expect(answer.body).toEqual({ method: "PUT", path: "/upload", query: {}, body: text });
  });

  test("the base itself is the path /; no body is null", async () => {
    const { base } = await createBalanced();
    expect((await fetchUrl("GET", base)).body).toEqual({ method: "GET", path: "/", query: {}, body: null });
    expect((await fetchUrl("DELETE", `${base}/items/7`)).body).toEqual({ method: "DELETE", path: "/items/7", query: {}, body: null });
  });

  test("it needs the key of the endpoint's account", async () => {
    const { id, base } = await createBalanced();
    expectProblem(await fetchUrl("GET", `${base}/x`, { key: null }), 401, "Missing bearer token");
    expectProblem(await fetchUrl("GET", `${base}/x`, { key: OTHER_KEY }), 403, `Endpoint ${id} is not accessible with this API key`);
    expectProblem(await harness.call("GET", "/v2/lb/nope/x"), 404, "Endpoint nope not found");
  });

  test("a queue-based endpoint has no workers to call directly", async () => {
    const body = {
      name: "q",
      type: "QUEUE",
      image: "org/q:1",
      cpu: [{ id: "cpu3c", vcpuCount: 2 }],
      scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
    };
    const { id } = (await harness.call("POST", "/v2/serverless", { body })).body;
    expectProblem(
      await harness.call("POST", `/v2/lb/${id}/run`, { body: {} }),
      400,
      `Endpoint ${id} is queue-based; send jobs to /v2/${id}/run`,
    );
  });
});

describe("health: the load balancer's ping", () => {
  test("204 while the standing workers initialize, then 200", async () => {
    const { base, health } = await createBalanced({ workers: { min: 1, max: 2 } });
    expect(health).toBe(`${base}/ping`);
    const starting = await fetchUrl("GET", health);
    expect({ status: starting.status, text: starting.text }).toEqual({ status: 204, text: "" });
    clock.advance(499);
    expect((await fetchUrl("GET", health)).status).toBe(204);
    clock.advance(1);
    const ready = await fetchUrl("GET", health);
    expect({ status: ready.status, body: ready.body }).toEqual({ status: 200, body: { status: "healthy" } });
  });

  test("with no standing worker, 200 at once", async () => {
    const { health } = await createBalanced();
    expect((await fetchUrl("GET", health)).status).toBe(200);
  });

  test("HEALTH_CHECK_PATH moves it; /ping is then an ordinary path", async () => {
    const { base, health } = await createBalanced({ env: { HEALTH_CHECK_PATH: "healthz" } });
    expect(health).toBe(`${base}/healthz`);
    expect((await fetchUrl("GET", health)).body).toEqual({ status: "healthy" });
    expect((await fetchUrl("GET", `${base}/ping`)).body).toEqual({ method: "GET", path: "/ping", query: {}, body: null });
  });

  test("only a GET is a ping", async () => {
    const { health } = await createBalanced();
    expect((await fetchUrl("POST", health, { body: { x: 1 } })).body).toEqual({ method: "POST", path: "/ping", query: {}, body: { x: 1 } });
  });
});
