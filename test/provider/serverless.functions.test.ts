// The serverless endpoint lookups, both forms, against the real emulator over HTTP.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import {
  getServerlessEndpoint,
  getServerlessEndpointOutput,
  getServerlessEndpointReleases,
  getServerlessEndpointReleasesOutput,
  getServerlessEndpoints,
  getServerlessEndpointsOutput,
  getServerlessEndpointWorkers,
  getServerlessEndpointWorkersOutput,
} from "../../provider/functions/serverless";
import type { CreateEndpointRequest, Endpoint } from "../../provider/resources/serverlessEndpoint/inputs";
import { sharedClient } from "../../provider/sharedClient";
import { apiGet, apiRequest, emulatorForProvider, outputValue, writes } from "./providerHarness";
import { UserError } from "../../provider/errors";

let emulator: Emulator;
let echo: Endpoint;
let echoCopy: Endpoint;
let api: Endpoint;

const ids = (result: { endpoints: Array<{ id: string }> }) => result.endpoints.map((endpoint) => endpoint.id);

beforeAll(async () => {
  emulator = await emulatorForProvider();
  const serverless = sharedClient().serverless;
  const queue: Omit<CreateEndpointRequest, "name"> = {
    type: "QUEUE",
    image: "org/echo:1",
    gpu: { pools: ["ADA_24"] },
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
  };
  echo = await serverless.create({ ...queue, name: "echo", env: { TOKEN: "t-1" } });
  echoCopy = await serverless.create({ ...queue, name: "echo" });
  api = await serverless.create({
    name: "api",
    type: "LOAD_BALANCER",
    image: "org/api:1",
    cpu: [{ id: "cpu3c", vcpuCount: 2 }],
    scaling: { type: "REQUEST_COUNT", requestCount: 4 },
  });
});
afterAll(async () => emulator.close());
beforeEach(() => emulator.resetRequests());

describe("getServerlessEndpoint", () => {
  it("returns one of the account's endpoints exactly as the API renders it, without writing", async () => {
    expect(await getServerlessEndpoint({ id: echo.id })).toEqual(await apiGet(emulator, `/v2/serverless/${echo.id}`));
    expect(await getServerlessEndpoint({ id: api.id })).toEqual(api);
    expect(writes(emulator)).toEqual([]);
  });

  it("fails with a message naming an id there is no endpoint for", async () => {
    await expect(getServerlessEndpoint({ id: "nosuchep01" })).rejects.toThrow(
      new UserError('getServerlessEndpoint: there is no endpoint with id "nosuchep01"'),
    );
  });

  it("refuses an empty id before any API call", async () => {
    await expect(getServerlessEndpoint({ id: "" })).rejects.toThrow(
      new UserError("getServerlessEndpoint: invalid arguments: id: Too small: expected string to have >=1 characters"),
    );
    expect(emulator.requests).toEqual([]);
  });

  it("has a secret Output form that takes Inputs", async () => {
    const output = getServerlessEndpointOutput({ id: pulumi.output(Promise.resolve(echo.id)) });
    expect(await outputValue(output)).toEqual(echo);
    expect(await pulumi.isSecret(output)).toBe(true);
  });
});

describe("getServerlessEndpoints", () => {
  it("lists the account's endpoints as the API renders them", async () => {
    expect(await getServerlessEndpoints()).toEqual(await apiGet(emulator, "/v2/serverless"));
    expect(ids(await getServerlessEndpoints())).toEqual([echo.id, echoCopy.id, api.id]);
  });

  it.each([
    ["a name", { name: "echo" }, () => [echo.id, echoCopy.id]],
    ["an exact name only", { name: "ech" }, () => []],
    ["a type", { type: "LOAD_BALANCER" as const }, () => [api.id]],
    ["a name and a type", { name: "echo", type: "LOAD_BALANCER" as const }, () => []],
  ])("filters by %s", async (_label, args, expected) => {
    expect(ids(await getServerlessEndpoints(args))).toEqual(expected());
  });

  it("refuses a type it does not know before any API call", async () => {
    await expect(getServerlessEndpoints({ type: "SYNC" as "QUEUE" })).rejects.toThrow(
      new UserError('getServerlessEndpoints: invalid arguments: type: Invalid option: expected one of "QUEUE"|"LOAD_BALANCER"'),
    );
    expect(emulator.requests).toEqual([]);
  });

  it("has a secret Output form that takes Inputs, and no arguments at all", async () => {
    const output = getServerlessEndpointsOutput({ type: pulumi.output("QUEUE" as const) });
    expect(ids(await outputValue(output))).toEqual([echo.id, echoCopy.id]);
    expect(await pulumi.isSecret(output)).toBe(true);
    expect(ids(await outputValue(getServerlessEndpointsOutput()))).toEqual([echo.id, echoCopy.id, api.id]);
  });
});

describe("getServerlessEndpointWorkers and getServerlessEndpointReleases", () => {
  it("return the endpoint's workers and releases as the API renders them", async () => {
    expect(await getServerlessEndpointWorkers({ id: echo.id })).toEqual(await apiGet(emulator, `/v2/serverless/${echo.id}/workers`));
    expect((await apiRequest(emulator, "PATCH", `/v2/serverless/${echo.id}`, { env: { TOKEN: "t-2" } })).status).toBe(200);
    const releases = await getServerlessEndpointReleases({ id: echo.id });
    expect(releases).toEqual(await apiGet(emulator, `/v2/serverless/${echo.id}/releases`));
    expect([releases.endpointVersion, releases.releases[0]?.diff]).toEqual([
      2,
      [{ field: "env", old: { TOKEN: "t-1" }, new: { TOKEN: "t-2" } }],
    ]);
  });

  it.each([
    ["getServerlessEndpointWorkers", getServerlessEndpointWorkers],
    ["getServerlessEndpointReleases", getServerlessEndpointReleases],
  ])("%s fails with a message naming an id there is no endpoint for", async (name, lookup) => {
    await expect(lookup({ id: "nosuchep01" })).rejects.toThrow(new UserError(`${name}: there is no endpoint with id "nosuchep01"`));
  });

  it("have Output forms; the releases one is secret, as a release's diff holds env values", async () => {
    const workers = getServerlessEndpointWorkersOutput({ id: pulumi.output(api.id) });
    expect(await outputValue(workers)).toEqual(await apiGet(emulator, `/v2/serverless/${api.id}/workers`));
    expect(await pulumi.isSecret(workers)).toBe(false);
    const releases = getServerlessEndpointReleasesOutput({ id: pulumi.output(api.id) });
    expect((await outputValue(releases)).releases.map((release) => release.version)).toEqual([1]);
    expect(await pulumi.isSecret(releases)).toBe(true);
  });
});
