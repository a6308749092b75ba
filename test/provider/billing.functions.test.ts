// The billing data functions, both forms, against the real emulator over HTTP.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import {
  getBilling,
  getBillingOutput,
  getClusterBilling,
  getClusterBillingOutput,
  getEndpointBilling,
  getEndpointBillingOutput,
  getNetworkVolumeBilling,
  getNetworkVolumeBillingOutput,
  getPodBilling,
  getPodBillingOutput,
  getServerlessBilling,
  getServerlessBillingOutput,
} from "../../provider/functions/billing";
import { sharedClient } from "../../provider/sharedClient";
import { ManualClock } from "../emulator/harness";
import { apiGet, emulatorForProvider, outputValue } from "./providerHarness";
import { UserError } from "../../provider/errors";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let emulator: Emulator;
const clock = new ManualClock(Date.parse("2026-03-02T00:00:00.000Z"));
let podId: string;
let volumeId: string;
let standingId: string;
let onDemandId: string;

// Everything starts at 00:00 on the 2nd and the clock ends at 06:00 on the 3rd. With these timings standing
// workers are ready as soon as their endpoint is created; jobs wait 100 ms in the queue and a video takes 200 ms
// per generated second.
beforeAll(async () => {
  emulator = await emulatorForProvider({ clock: clock.read, timings: { provisioningMs: 0, startingMs: 0 } });
  const client = sharedClient();
  podId = (await client.pods.create({ name: "trainer", image: "org/trainer:1.2", gpu: { id: "NVIDIA H100 80GB HBM3", count: 4 } })).id;
  volumeId = (await client.networkVolumes.create({ name: "data", size: 1000, dataCenter: "US-TX-3", type: "HIGH_PERFORMANCE" })).id;
  const scaling = { type: "QUEUE_DELAY", queueDelay: 1 } as const;
  // One RTX 4090 worker (the first type of ADA_24) standing all along.
  standingId = (
    await client.serverless.create({
      name: "standing",
      type: "QUEUE",
      image: "org/echo:1",
      gpu: { pools: ["ADA_24"] },
      workers: { min: 1, max: 1 },
      scaling,
    })
  ).id;
  // No standing worker: one is scaled up from zero for the half hour its only job runs, 00:00:00.100 to 00:30:00.100.
  onDemandId = (
    await client.serverless.create({
      name: "on-demand",
      type: "QUEUE",
      image: "org/echo:1",
      cpu: [{ id: "cpu3c", vcpuCount: 2 }],
      scaling,
      timeout: HOUR,
    })
  ).id;
  const echo = await client.jobs.run(onDemandId, { sleepMs: 30 * MINUTE });
  // 2 s of video at 0.15 USD per generated second, done at 00:00:00.500 on the 2nd.
  const waves = await client.jobs.run("text-to-video", { prompt: "waves", duration: 2 });
  clock.advance(HOUR);
  expect((await client.jobs.status(onDemandId, echo.id)).status).toBe("COMPLETED");
  expect((await client.jobs.status("text-to-video", waves.id)).output).toMatchObject({ cost: 0.3 });
  clock.advance(28 * HOUR);
  // 4 s of video, done at 05:00:00.900 on the 3rd.
  const dunes = await client.jobs.run("text-to-video", { prompt: "dunes", duration: 4 });
  clock.advance(HOUR);
  expect((await client.jobs.status("text-to-video", dunes.id)).output).toMatchObject({ cost: 0.6 });
});
afterAll(async () => emulator.close());
beforeEach(() => emulator.resetRequests());

const requests = () => emulator.requests.map((request) => `${request.method} ${request.path}`);

describe("each history is the API's answer for the window asked", () => {
  it("getBilling", async () => {
    const history = await getBilling({ lastN: 2 });
    expect(history).toEqual(await apiGet(emulator, "/v2/billing?lastN=2"));
    expect(history.metadata.query).toEqual({ startTime: "2026-03-02T00:00:00Z", endTime: "2026-03-04T00:00:00Z", bucketSize: "day" });
    // H100 × 4 in SECURE: 11.96 USD/h, running since 00:00 on the 2nd.
    expect(history.records.map((record) => record.podGpuAmount)).toEqual([287.04, 71.76]);
    expect(requests()).toEqual(["GET /v2/billing", "GET /v2/billing"]);
  });

  it("getPodBilling, for one pod in hourly buckets", async () => {
    const args = { podId, bucketSize: "hour" as const, startTime: "2026-03-03T04:30:00Z", endTime: "2026-03-03T06:00:00Z" };
    const history = await getPodBilling(args);
    expect(history).toEqual(
      await apiGet(emulator, `/v2/billing/pods?podId=${podId}&bucketSize=hour&startTime=2026-03-03T04:30:00Z&endTime=2026-03-03T06:00:00Z`),
    );
    expect(history.records).toEqual([
      {
        startTime: "2026-03-03T04:00:00Z",
        endTime: "2026-03-03T05:00:00Z",
        podId,
        totalAmount: 11.96,
        gpuAmount: 11.96,
        cpuAmount: 0,
        diskAmount: 0,
      },
      {
        startTime: "2026-03-03T05:00:00Z",
        endTime: "2026-03-03T06:00:00Z",
        podId,
        totalAmount: 11.96,
        gpuAmount: 11.96,
        cpuAmount: 0,
        diskAmount: 0,
      },
    ]);
    expect(history.metadata).toMatchObject({ recordCount: 2, uniquePodCount: 1, query: { podId } });
  });

  it("getNetworkVolumeBilling", async () => {
    const history = await getNetworkVolumeBilling({ networkVolumeId: volumeId, startTime: "2026-03-02T00:00:00Z" });
    expect(history).toEqual(
      await apiGet(emulator, `/v2/billing/network-volumes?networkVolumeId=${volumeId}&startTime=2026-03-02T00:00:00Z`),
    );
    // 1000 GB at 0.14 USD per GB-month (730 h): a whole day, then 6 hours.
    expect(history.records.map((record) => record.highPerformanceAmount)).toEqual([4.60274, 1.150685]);
  });

  it("getServerlessBilling, getEndpointBilling and getClusterBilling", async () => {
    expect(await getServerlessBilling({ bucketSize: "week", lastN: 3 })).toEqual(
      await apiGet(emulator, "/v2/billing/serverless?bucketSize=week&lastN=3"),
    );
    expect(await getEndpointBilling({ bucketSize: "month", lastN: 2 })).toEqual(
      await apiGet(emulator, "/v2/billing/endpoints?bucketSize=month&lastN=2"),
    );
    const clusters = await getClusterBilling({ bucketSize: "day", lastN: 7 });
    expect(clusters).toEqual(await apiGet(emulator, "/v2/billing/clusters?bucketSize=day&lastN=7"));
    expect(clusters.metadata.uniqueClusterCount).toBe(1);
    const [clusterId] = clusters.records.map((record) => record.clusterId);
    expect((await getClusterBilling({ clusterId, lastN: 7 })).records).toEqual(clusters.records);
  });

  it("getServerlessBilling: the standing worker since it was ready, the on-demand one while its job ran", async () => {
    const history = await getServerlessBilling({ lastN: 2 });
    expect(history).toEqual(await apiGet(emulator, "/v2/billing/serverless?lastN=2"));
    const day = (date: string) => ({ startTime: `2026-03-0${date}T00:00:00Z`, endTime: `2026-03-0${Number(date) + 1}T00:00:00Z` });
    // RTX 4090 at 0.77 USD/h, a worker's rate: 24 hours on the 2nd, 6 on the 3rd.
    const standing = [
      {
        ...day("2"),
        serverlessId: standingId,
        totalAmount: 18.48,
        gpuAmount: 18.48,
        cpuAmount: 0,
        diskAmount: 0,
        feeAmount: 0,
      },
      {
        ...day("3"),
        serverlessId: standingId,
        totalAmount: 4.62,
        gpuAmount: 4.62,
        cpuAmount: 0,
        diskAmount: 0,
        feeAmount: 0,
      },
    ];
    // cpu3c × 2 vCPUs at 0.042 USD per vCPU-hour for half an hour.
    const onDemand = [
      {
        ...day("2"),
        serverlessId: onDemandId,
        totalAmount: 0.042,
        gpuAmount: 0,
        cpuAmount: 0.042,
        diskAmount: 0,
        feeAmount: 0,
      },
      { ...day("3"), serverlessId: onDemandId, totalAmount: 0, gpuAmount: 0, cpuAmount: 0, diskAmount: 0, feeAmount: 0 },
    ];
    const inIdOrder = standingId < onDemandId ? [standing, onDemand] : [onDemand, standing];
    expect(history.records).toEqual([0, 1].flatMap((index) => inIdOrder.map((records) => records[index])));
    expect(history.metadata).toEqual({
      query: { startTime: "2026-03-02T00:00:00Z", endTime: "2026-03-04T00:00:00Z", bucketSize: "day", serverlessId: null },
      recordCount: 4,
      uniqueServerlessCount: 2,
      totals: { totalAmount: 23.142, gpuAmount: 23.1, cpuAmount: 0.042, diskAmount: 0, feeAmount: 0 },
    });
  });

  it("the defaults: 30 days before now to the end of today, by day", async () => {
    const history = await getEndpointBilling();
    expect(history).toEqual(await apiGet(emulator, "/v2/billing/endpoints"));
    // From 06:00 on February 1st, snapped to its day, to 06:00 on March 3rd, snapped to the end of its day.
    expect(history.metadata).toEqual({
      query: { startTime: "2026-02-01T00:00:00Z", endTime: "2026-03-04T00:00:00Z", bucketSize: "day" },
      recordCount: 31,
      totals: { totalAmount: 0.9 },
    });
    // A record for every day of the window; the two videos are billed on the days they completed.
    const charged: Record<string, number> = { "2026-03-02T00:00:00Z": 0.3, "2026-03-03T00:00:00Z": 0.6 };
    const days = Array.from({ length: 31 }, (_, index) => Date.parse("2026-02-01T00:00:00Z") + index * DAY);
    const rfc3339 = (instant: number) => new Date(instant).toISOString().replace(".000Z", "Z");
    expect(history.records).toEqual(
      days.map((start) => ({ startTime: rfc3339(start), endTime: rfc3339(start + DAY), totalAmount: charged[rfc3339(start)] ?? 0 })),
    );
  });
});

describe("arguments are checked before any call", () => {
  it.each([
    [
      getBilling,
      { lastN: 2, startTime: "2026-03-01T00:00:00Z" },
      "getBilling: invalid arguments: startTime: cannot be combined with lastN; send one or the other",
    ],
    [
      getBilling,
      { lastN: 2, startTime: "2026-03-01T00:00:00Z", endTime: "2026-03-02T00:00:00Z" },
      "getBilling: invalid arguments: startTime: cannot be combined with lastN; send one or the other; endTime: cannot be combined with lastN; send one or the other",
    ],
    [
      getEndpointBilling,
      { startTime: "2026-03-02T00:00:00Z", endTime: "2026-03-01T00:00:00Z" },
      "getEndpointBilling: invalid arguments: endTime: must be after startTime",
    ],
    [
      getClusterBilling,
      { startTime: "2026-03-02T00:00:00Z", endTime: "2026-03-02T00:00:00Z" },
      "getClusterBilling: invalid arguments: endTime: must be after startTime",
    ],
    [
      getBilling,
      { bucketSize: "minute" },
      'getBilling: invalid arguments: bucketSize: Invalid option: expected one of "hour"|"day"|"week"|"month"|"year"',
    ],
    [getServerlessBilling, { lastN: 0 }, "getServerlessBilling: invalid arguments: lastN: Too small: expected number to be >=1"],
    [getServerlessBilling, { lastN: 1.5 }, "getServerlessBilling: invalid arguments: lastN: Invalid input: expected int, received number"],
    [
      getNetworkVolumeBilling,
      { startTime: "yesterday" },
      "getNetworkVolumeBilling: invalid arguments: startTime: must be an RFC 3339 date-time, such as 2026-06-01T00:00:00Z",
    ],
    // The provider's clock is the system clock: these windows are wrong at any time this suite can run.
    [
      getPodBilling,
      { podId: "k3v9q2m7xw", startTime: "2999-01-01T00:00:00Z" },
      "getPodBilling: invalid arguments: startTime: must be before now when endTime is omitted, as endTime defaults to now",
    ],
    [
      getBilling,
      { startTime: "2999-01-01T00:00:00Z", bucketSize: "hour" },
      "getBilling: invalid arguments: startTime: must be before now when endTime is omitted, as endTime defaults to now",
    ],
    [
      getNetworkVolumeBilling,
      { endTime: "2000-01-01T00:00:00Z" },
      "getNetworkVolumeBilling: invalid arguments: endTime: must be after 30 days before now when startTime is omitted, as startTime defaults to 30 days before now",
    ],
    [getPodBilling, { podId: "" }, "getPodBilling: invalid arguments: podId: Too small: expected string to have >=1 characters"],
    [getPodBilling, { serverlessId: "x" }, 'getPodBilling: invalid arguments: arguments: Unrecognized key: "serverlessId"'],
    [getEndpointBilling, { podId: "x" }, 'getEndpointBilling: invalid arguments: arguments: Unrecognized key: "podId"'],
  ] as Array<[(args: never) => Promise<unknown>, unknown, string]>)("%o refuses %j", async (read, args, message) => {
    await expect(read(args as never)).rejects.toThrow(new UserError(message));
    expect(requests()).toEqual([]);
  });
});

describe("Output forms", () => {
  it("take Inputs, and no arguments at all", async () => {
    const window = { lastN: pulumi.output(3), bucketSize: "hour" as const };
    expect(await outputValue(getBillingOutput(window))).toEqual(await apiGet(emulator, "/v2/billing?lastN=3&bucketSize=hour"));
    expect((await outputValue(getPodBillingOutput({ podId: pulumi.output(podId), lastN: 1 }))).records[0]?.podId).toBe(podId);
    expect(
      (await outputValue(getNetworkVolumeBillingOutput({ networkVolumeId: pulumi.output(volumeId) }))).metadata.uniqueNetworkVolumeCount,
    ).toBe(1);
    expect((await outputValue(getServerlessBillingOutput())).metadata).toMatchObject({
      recordCount: 62,
      uniqueServerlessCount: 2,
      totals: { totalAmount: 23.142 },
    });
    const today = await outputValue(getEndpointBillingOutput({ lastN: pulumi.output(1) }));
    expect(today.records).toEqual([{ startTime: "2026-03-03T00:00:00Z", endTime: "2026-03-04T00:00:00Z", totalAmount: 0.6 }]);
    expect(today.metadata.recordCount).toBe(1);
    expect((await outputValue(getClusterBillingOutput({ lastN: 1 }))).metadata.recordCount).toBe(1);
  });
});
