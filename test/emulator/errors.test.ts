import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectProblem, type Harness, startHarness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(() => harness.emulator.close());

describe("every error is an RFC 9457 problem", () => {
  test("unknown route outside /v2 needs no key", async () => {
    expectProblem(await harness.call("GET", "/nowhere?x=1", { key: null }), 404, "No route for GET /nowhere");
  });

  test("unknown route under /v2 carries the rate-limit headers", async () => {
    const answer = await harness.call("GET", "/v2/nowhere");
    expectProblem(answer, 404, "No route for GET /v2/nowhere");
    expect(answer.headers.ratelimit).toBeDefined();
  });

  test.each([
    { method: "DELETE", path: "/v2/pods", allow: "GET, POST, HEAD" },
    { method: "PUT", path: "/v2/pods/abc", allow: "GET, PATCH, DELETE, HEAD" },
    { method: "GET", path: "/v2/pods/abc/action", allow: "POST" },
    { method: "POST", path: "/v2/catalog/gpus", allow: "GET, HEAD" },
  ])("405 for $method $path", async ({ method, path, allow }) => {
    const answer = await harness.call(method, path);
    expectProblem(answer, 405, `${method} is not allowed on ${path}`);
    expect(answer.headers.allow).toBe(allow);
  });

  test("invalid JSON is 400", async () => {
    expectProblem(
      await harness.call("POST", "/v2/pods", { rawBody: '{"name": ' }),
      400,
      "Body is not valid JSON but content-type is set to 'application/json'",
    );
  });

  test("an empty JSON body is 400", async () => {
    expectProblem(
      await harness.call("POST", "/v2/pods", { rawBody: "" }),
      400,
      "Body cannot be empty when content-type is set to 'application/json'",
    );
  });

  test.each([
    { case: "an array", rawBody: "[]" },
    { case: "null", rawBody: "null" },
  ])("a body that is $case is 400", async ({ rawBody }) => {
    expectProblem(await harness.call("POST", "/v2/pods", { rawBody }), 400, "Request body failed validation", ["expected object at /"]);
  });

  test("a path that does not URL-decode is 400, recorded like any request", async () => {
    harness.emulator.resetRequests();
    const answer = await harness.call("GET", "/v2/pods/%zz");
    expectProblem(answer, 400, "'/v2/pods/%zz' is not a valid url component");
    expect(answer.headers["x-request-id"]).toBeDefined();
    expect(harness.emulator.requests).toEqual([{ method: "GET", path: "/v2/pods/%zz", status: 400 }]);
  });

  test("a body over 1 MiB is 413", async () => {
    const rawBody = JSON.stringify({ name: "x".repeat(1_100_000) });
    expectProblem(await harness.call("POST", "/v2/pods", { rawBody }), 413, "Request body is too large");
  });

  test("a body that is not JSON is 400", async () => {
    expectProblem(
      await harness.call("POST", "/v2/pods", { rawBody: "name=x", headers: { "content-type": "text/plain" } }),
      400,
      "Request body failed validation",
      ["expected object at /"],
    );
  });
});

test("every response carries its own x-request-id", async () => {
  const answers = await Promise.all([
    harness.call("GET", "/"),
    harness.call("GET", "/v2/pods"),
    harness.call("GET", "/v2/pods", { key: "wrong" }),
    harness.call("GET", "/nowhere"),
  ]);
  const ids = answers.map((answer) => answer.headers["x-request-id"]);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(new Set(ids).size).toBe(ids.length);
});
