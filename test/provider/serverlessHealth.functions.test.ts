// getServerlessEndpointHealth, both forms, against the real emulator over HTTP.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import {
  getServerlessEndpointHealth,
  getServerlessEndpointHealthOutput,
  getServerlessEndpointWorkers,
} from "../../provider/functions/serverless";
import type { CreateEndpointRequest } from "../../provider/resources/serverlessEndpoint/inputs";
import { sharedClient } from "../../provider/sharedClient";
import { apiGet, emulatorForProvider, outputValue, writes } from "./providerHarness";
import { UserError } from "../../provider/errors";

const queue: CreateEndpointRequest = {
  name: "echo",
  type: "QUEUE",
  image: "org/echo:1",
  cpu: [{ id: "cpu3c", vcpuCount: 2 }],
  scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
};

let emulator: Emulator;
let echo: string;
let api: string;

beforeAll(async () => {
  emulator = await emulatorForProvider();
  echo = (await sharedClient().serverless.create(queue)).id;
  api = (
    await sharedClient().serverless.create({
      ...queue,
      name: "api",
      type: "LOAD_BALANCER",
      scaling: { type: "REQUEST_COUNT", requestCount: 4 },
    })
  ).id;
});
afterAll(async () => emulator.close());
beforeEach(() => emulator.resetRequests());

describe("getServerlessEndpointHealth", () => {
  it("counts the endpoint's jobs and workers as the job API and the workers list report them, without writing", async () => {
    const { jobs } = sharedClient();
    expect((await jobs.runsync(echo, { n: 1 })).status).toBe("COMPLETED");
    expect((await jobs.runsync(echo, { error: "refused" })).status).toBe("FAILED");
    const running = await jobs.run(echo, { sleepMs: 60_000 });
    while ((await jobs.status(echo, running.id)).status === "IN_QUEUE") await new Promise((resolve) => setTimeout(resolve, 50));
    emulator.resetRequests();
    const health = await getServerlessEndpointHealth({ id: echo });
    expect(health).toEqual(await apiGet(emulator, `/v2/${echo}/health`));
    expect(health.jobs).toEqual({ completed: 1, failed: 1, inProgress: 1, inQueue: 0, retried: 0 });
    const { summary } = await getServerlessEndpointWorkers({ id: echo });
    expect(health.workers).toEqual({ ...summary, total: undefined, ready: summary.idle + summary.running });
    expect(health.workers.running).toBe(1);
    expect(writes(emulator)).toEqual([]);
    await jobs.cancel(echo, running.id);
    expect((await getServerlessEndpointHealth({ id: echo })).jobs).toEqual({
      completed: 1,
      failed: 1,
      inProgress: 0,
      inQueue: 0,
      retried: 0,
    });
  });

  it("fails with a message naming an id there is no endpoint for, and passes on the refusal of a load-balancing one", async () => {
    await expect(getServerlessEndpointHealth({ id: "nosuchep01" })).rejects.toThrow(
      new UserError('getServerlessEndpointHealth: there is no endpoint with id "nosuchep01"'),
    );
    await expect(getServerlessEndpointHealth({ id: api })).rejects.toThrow(
      `GET /v2/${api}/health failed with 400 Bad Request: Endpoint ${api} is load-balancing and has no job queue; send requests to its base URL`,
    );
  });

  it("has an Output form that takes Inputs", async () => {
    const output = getServerlessEndpointHealthOutput({ id: pulumi.output(Promise.resolve(echo)) });
    expect((await outputValue(output)).jobs.completed).toBe(1);
    expect(await pulumi.isSecret(output)).toBe(false);
  });
});
