import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API_KEY, expectProblem, gpuPod, type Harness, startHarness } from "./harness";

const READ_ONLY_KEY = "read-only-key";
const OTHER_ACCOUNT_KEY = "other-account-key";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    apiKeys: [API_KEY, { key: READ_ONLY_KEY, readOnly: true }, { key: OTHER_ACCOUNT_KEY, account: "other" }],
  });
});

afterAll(() => harness.emulator.close());

describe("401 for a missing, malformed or unknown bearer token", () => {
  test.each([
    { case: "no Authorization header", authorization: undefined, detail: "Missing bearer token" },
    { case: "empty header", authorization: "", detail: "Missing bearer token" },
    {
      case: "another scheme",
      authorization: `Basic ${API_KEY}`,
      detail: 'Malformed Authorization header; expected "Bearer <API key>"',
    },
    { case: "scheme only", authorization: "Bearer", detail: 'Malformed Authorization header; expected "Bearer <API key>"' },
    {
      case: "token with a space",
      authorization: `Bearer ${API_KEY} extra`,
      detail: 'Malformed Authorization header; expected "Bearer <API key>"',
    },
    { case: "unknown token", authorization: "Bearer not-a-key", detail: "Invalid API key" },
  ])("$case", async ({ authorization, detail }) => {
    const answer = await harness.call("GET", "/v2/pods", {
      key: null,
      headers: authorization === undefined ? {} : { authorization },
    });
    expectProblem(answer, 401, detail);
    expect(answer.headers["www-authenticate"]).toBe('Bearer realm="computeplatform"');
    expect(answer.headers.ratelimit).toBeUndefined();
  });

  test.each([`bearer ${API_KEY}`, `BEARER ${API_KEY}`, `Bearer  ${API_KEY}`])(
    "accepts %s: the scheme is case-insensitive and may be followed by several spaces",
    async (authorization) => {
      expect((await harness.call("GET", "/v2/pods", { key: null, headers: { authorization } })).status).toBe(200);
    },
  );

  test("unknown paths under /v2 authenticate before answering 404", async () => {
    expectProblem(await harness.call("GET", "/v2/nothing-here", { key: null }), 401, "Missing bearer token");
  });
});

describe("403 for a read-only key that writes", () => {
  let podId: string;
  beforeAll(async () => {
    podId = (await harness.call("POST", "/v2/pods", { body: gpuPod() })).body.id;
  });

  test.each([
    { method: "POST", path: () => "/v2/pods", body: gpuPod() },
    { method: "PATCH", path: () => `/v2/pods/${podId}`, body: { name: "renamed" } },
    { method: "DELETE", path: () => `/v2/pods/${podId}`, body: undefined },
    { method: "POST", path: () => `/v2/pods/${podId}/action`, body: { action: "stop" } },
    { method: "POST", path: () => "/v2/network-volumes", body: { name: "v", size: 10, dataCenter: "US-TX-3" } },
  ])("$method $path", async ({ method, path, body }) => {
    const answer = await harness.call(method, path(), { key: READ_ONLY_KEY, body });
    expectProblem(answer, 403, `This API key is read-only and cannot ${method} ${path()}`);
    expect(answer.headers.ratelimit).toMatch(/^"minute";r=\d+;t=\d+, "hour";r=\d+;t=\d+, "day";r=\d+;t=\d+$/);
  });

  test("reads succeed and see the account's pods", async () => {
    const answer = await harness.call("GET", `/v2/pods/${podId}`, { key: READ_ONLY_KEY });
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(podId);
  });
});

describe("403 for another account's resources, 404 for missing ones", () => {
  let podId: string;
  let volumeId: string;
  beforeAll(async () => {
    podId = (await harness.call("POST", "/v2/pods", { body: gpuPod() })).body.id;
    volumeId = (await harness.call("POST", "/v2/network-volumes", { body: { name: "data", size: 10, dataCenter: "US-TX-3" } })).body.id;
  });

  test.each([
    { method: "GET", path: () => `/v2/pods/${podId}`, body: undefined },
    { method: "PATCH", path: () => `/v2/pods/${podId}`, body: { name: "mine" } },
    { method: "DELETE", path: () => `/v2/pods/${podId}`, body: undefined },
    { method: "POST", path: () => `/v2/pods/${podId}/action`, body: { action: "stop" } },
    { method: "GET", path: () => `/v2/pods/${podId}/logs`, body: undefined },
  ])("pod: $method $path", async ({ method, path, body }) => {
    const answer = await harness.call(method, path(), { key: OTHER_ACCOUNT_KEY, body });
    expectProblem(answer, 403, `Pod ${podId} is not accessible with this API key`);
  });

  test.each([
    { method: "GET", body: undefined },
    { method: "PATCH", body: { name: "mine" } },
    { method: "DELETE", body: undefined },
  ])("network volume: $method", async ({ method, body }) => {
    const answer = await harness.call(method, `/v2/network-volumes/${volumeId}`, { key: OTHER_ACCOUNT_KEY, body });
    expectProblem(answer, 403, `Network volume ${volumeId} is not accessible with this API key`);
  });

  test("mounting another account's volume is 403", async () => {
    const answer = await harness.call("POST", "/v2/pods", {
      key: OTHER_ACCOUNT_KEY,
      body: gpuPod({ mounts: { network: [{ volumeId, path: "/data" }] } }),
    });
    expectProblem(answer, 403, `Network volume ${volumeId} is not accessible with this API key`);
  });

  test("lists only show the caller's account", async () => {
    const pods = await harness.call("GET", "/v2/pods", { key: OTHER_ACCOUNT_KEY });
    const volumes = await harness.call("GET", "/v2/network-volumes", { key: OTHER_ACCOUNT_KEY });
    expect({ pods: pods.body, volumes: volumes.body }).toEqual({ pods: { pods: [] }, volumes: { networkVolumes: [] } });
  });

  test.each([
    { path: "/v2/pods/nosuchpod0", detail: "Pod nosuchpod0 not found" },
    { path: "/v2/pods/nosuchpod0/logs", detail: "Pod nosuchpod0 not found" },
    { path: "/v2/network-volumes/nosuchvol0", detail: "Network volume nosuchvol0 not found" },
  ])("404 $path", async ({ path, detail }) => {
    expectProblem(await harness.call("GET", path), 404, detail);
  });
});

test.each(["/", "/v2/openapi.json", "/docs"])("%s needs no key", async (path) => {
  expect((await harness.call("GET", path, { key: null })).status).toBe(200);
});
