// Ids and load-balancing paths that would steer a request onto another path, through the client against the real
// emulator over HTTP: each is refused, naming the field, before anything reaches the emulator; any other id is sent
// percent-encoded, as one segment.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { ComputePlatformClient, NotFoundError, Transport } from "../../provider/client";
import { podListSchema } from "../../provider/resources/pod/inputs";
import { rejection } from "./providerHarness";

const apiKey = "path-attacks-client-key";
let emulator: Emulator;
let client: ComputePlatformClient;
let base: string;

beforeAll(async () => {
  emulator = await startEmulator({ apiKeys: [apiKey] });
  client = new ComputePlatformClient({ baseUrl: emulator.url, apiKey });
  const endpoint = await client.serverless.create({
    name: "api",
    type: "LOAD_BALANCER",
    image: "org/api:1",
    cpu: [{ id: "cpu3c", vcpuCount: 2 }],
    scaling: { type: "REQUEST_COUNT", requestCount: 4 },
  });
  base = (endpoint.requestUrls as { base: string }).base;
});
afterAll(async () => emulator.close());
beforeEach(() => emulator.resetRequests());

describe("an id that is empty, `.` or `..`", () => {
  const calls: Array<[string, string, (id: string) => Promise<unknown>]> = [
    ["clusters.pods", "id", (id) => client.clusters.pods(id)],
    ["pods.get", "id", (id) => client.pods.get(id)],
    ["pods.delete", "id", (id) => client.pods.delete(id)],
    ["pods.action", "id", (id) => client.pods.action(id, "stop")],
    ["templates.update", "id", (id) => client.templates.update(id, { name: "x" })],
    ["registries.delegations.delete", "id", (id) => client.registries.delegations.delete(id)],
    ["catalog.gpu", "id", (id) => client.catalog.gpu(id)],
    ["jobs.run", "endpointId", (id) => client.jobs.run(id, {})],
    ["jobs.status", "jobId", (id) => client.jobs.status("text-to-video", id)],
    ["jobs.cancel", "jobId", (id) => client.jobs.cancel("text-to-video", id)],
    ["serverless.workerLogs", "workerId", (id) => client.serverless.workerLogs("an-endpoint", id).next()],
  ];
  for (const id of ["..", ".", ""]) {
    it.each(calls)(`${JSON.stringify(id)} is refused by %s, naming %s, and nothing is sent`, async (_call, field, call) => {
      const error = await rejection(call(id));
      expect(error).toBeInstanceOf(RangeError);
      expect(error.message).toBe(`${field}: ${JSON.stringify(id)} is not an id; nothing was sent`);
      expect(emulator.requests).toEqual([]);
    });
  }
});

it("the transport itself refuses a path that the URL parser would move, and sends nothing", async () => {
  const transport = new Transport({ baseUrl: emulator.url, apiKey });
  const error = await rejection(transport.get("/v2/clusters/../pods", podListSchema));
  expect(error).toBeInstanceOf(RangeError);
  expect(error.message).toBe("path: /v2/clusters/../pods resolves to /v2/pods; nothing was sent");
  expect(emulator.requests).toEqual([]);
});

describe("any other id", () => {
  it.each([
    ["a/..", "/v2/pods/a%2F.."],
    ["%2e%2e", "/v2/pods/%252e%252e"],
    ["...", "/v2/pods/..."],
    ["a?b#c", "/v2/pods/a%3Fb%23c"],
    ["..\\", "/v2/pods/..%5C"],
  ])("%j goes out percent-encoded as one segment, %s", async (id, path) => {
    expect(await rejection(client.pods.get(id))).toBeInstanceOf(NotFoundError);
    expect(emulator.requests).toEqual([{ method: "GET", path, status: 404 }]);
  });
});

describe("a load-balancing path that could reach beyond the endpoint's base URL", () => {
  it.each([
    ["/a%2Fb", "an encoded slash or backslash (%2F)"],
    ["/a%2fb/../../pods", "an encoded slash or backslash (%2f)"],
    ["/a%5Cb", "an encoded slash or backslash (%5C)"],
    ["/a%252Fb", "an encoded slash or backslash (%252F)"],
    ["/a\\..\\..\\pods", "a backslash"],
    ["/..;/..;/pods", 'a "..;" segment'],
    ["/v1/..;x/pods", 'a "..;x" segment'],
    ["/..%00/..%00/pods", 'a "..\\u0000" segment'],
    ["/v1/../../../pods", 'a ".." segment'],
    ["../other-endpoint/v1", 'a ".." segment'],
    ["%2e%2e/%2E%2E/pods", 'a ".." segment'],
    ["/%252e%252e/pods", 'a ".." segment'],
    ["/v1/./drafts", 'a "." segment'],
    ["/v1/items/..?q=1", 'a ".." segment'],
  ])("%s is refused, naming the path and what it has, and nothing is sent", async (path, what) => {
    for (const method of ["GET", "POST"] as const) {
      const error = await rejection(client.loadBalancing.request(base, { method, path, body: method === "POST" ? { n: 1 } : undefined }));
      expect(error).toBeInstanceOf(RangeError);
      expect(error.message).toBe(`path: "${path}" has ${what}, which could reach beyond the endpoint's base URL; nothing was sent`);
    }
    expect(emulator.requests).toEqual([]);
  });

  it("a path that stays a plain path below it reaches the worker as written", async () => {
    const answer = await client.loadBalancing.request(base, { method: "GET", path: "/v1/items.json", query: { page: 2 } });
    expect([answer.status, (answer.body as { path: string }).path]).toEqual([200, "/v1/items.json"]);
    expect(emulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET ${new URL(base).pathname}/v1/items.json`,
    ]);
  });
});
