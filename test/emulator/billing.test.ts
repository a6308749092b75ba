import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { type Answer, expectProblem, gpuPod, cpuPod, type Harness, ManualClock, startHarness } from "./harness";

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Amounts in millionths of a USD: the unit the emulator bills in, so sums compare exactly. */
const micros = (usd: number) => Math.round(usd * 1_000_000);

async function ok(answer: Promise<Answer>) {
  const settled = await answer;
  expect(settled.status).toBe(200);
  return settled.body;
}

describe("pod spend, from the pod's phases", () => {
  const clock = new ManualClock(Date.parse("2026-03-02T00:00:00.000Z"));
  let harness: Harness;
  let gpuPodId: string;
  let cpuPodId: string;

  // Pods run five minutes after create (or after start): PROVISIONING and STARTING are not billed as compute.
  beforeAll(async () => {
    harness = await startHarness({ clock: clock.read, timings: { provisioningMs: 1 * MINUTE, startingMs: 4 * MINUTE } });
    const gpu = await harness.call("POST", "/v2/pods", {
      body: gpuPod({ gpu: { id: "NVIDIA A100 80GB PCIe", count: 2 }, mounts: { persistent: { size: 100, path: "/workspace" } } }),
    });
    const cpu = await harness.call("POST", "/v2/pods", { body: cpuPod() });
    gpuPodId = gpu.body.id;
    cpuPodId = cpu.body.id;
    clock.advance(2 * HOUR);
    await harness.call("POST", `/v2/pods/${gpuPodId}/action`, { body: { action: "stop" } });
    clock.advance(1 * HOUR);
    await harness.call("POST", `/v2/pods/${gpuPodId}/action`, { body: { action: "start" } });
    clock.advance(1 * HOUR);
    expect((await harness.call("DELETE", `/v2/pods/${gpuPodId}`)).status).toBe(204);
    await harness.call("POST", `/v2/pods/${cpuPodId}/action`, { body: { action: "terminate" } });
    clock.advance(2 * HOUR);
  });

  afterAll(() => harness.emulator.close());

  const window = "startTime=2026-03-02T00:00:00Z&endTime=2026-03-02T06:00:00Z&bucketSize=hour";
  const hours = ["00", "01", "02", "03", "04", "05"];

  test("a GPU pod: its cost while RUNNING, nothing while stopped, and no disk charged apart, its volume's included", async () => {
    const { records, metadata } = await ok(harness.call("GET", `/v2/billing/pods?${window}&podId=${gpuPodId}`));
    // A100 × 2 in SECURE: 3.28 USD/h, the pod's cost.
    const expected = [
      3.006667, // runs from 00:05
      3.28,
      0, // stopped at 02:00
      3.061333, // started at 03:00, RUNNING from 03:04, deleted at 04:00
      0,
      0,
    ];
    expect(records).toEqual(
      expected.map((gpu, index) => ({
        startTime: `2026-03-02T${hours[index]}:00:00Z`,
        endTime: `2026-03-02T${String(index + 1).padStart(2, "0")}:00:00Z`,
        podId: gpuPodId,
        totalAmount: gpu,
        gpuAmount: gpu,
        cpuAmount: 0,
        diskAmount: 0,
      })),
    );
    expect(metadata).toEqual({
      query: { startTime: "2026-03-02T00:00:00Z", endTime: "2026-03-02T06:00:00Z", bucketSize: "hour", podId: gpuPodId },
      recordCount: 6,
      uniquePodCount: 1,
      totals: { totalAmount: 9.348, gpuAmount: 9.348, cpuAmount: 0, diskAmount: 0 },
    });
  });

  test("without podId: a record per pod per bucket, gone pods included, in id order", async () => {
    const { records, metadata } = await ok(harness.call("GET", `/v2/billing/pods?${window}`));
    const [first, second] = [gpuPodId, cpuPodId].sort();
    expect(records.map((record: { startTime: string; podId: string }) => `${record.startTime.slice(11, 13)} ${record.podId}`)).toEqual(
      hours.flatMap((hour) => [`${hour} ${first}`, `${hour} ${second}`]),
    );
    // cpu3c × 4 vCPUs: 0.12 USD/h from 00:05 until terminated at 04:00.
    const cpuRecords = records.filter((record: { podId: string }) => record.podId === cpuPodId);
    expect(cpuRecords.map((record: { cpuAmount: number; diskAmount: number }) => [record.cpuAmount, record.diskAmount])).toEqual([
      [0.11, 0],
      [0.12, 0],
      [0.12, 0],
      [0.12, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(metadata.recordCount).toBe(12);
    expect(metadata.uniquePodCount).toBe(2);
    expect(metadata.query.podId).toBeNull();
    expect(micros(metadata.totals.cpuAmount)).toBe(micros(0.47));
    expect(micros(metadata.totals.totalAmount)).toBe(
      records.reduce((sum: number, record: { totalAmount: number }) => sum + micros(record.totalAmount), 0),
    );
  });

  test("a podId the account does not have: no records", async () => {
    const { records, metadata } = await ok(harness.call("GET", `/v2/billing/pods?${window}&podId=nosuchpod1`));
    expect(records).toEqual([]);
    expect(metadata).toEqual({
      query: { startTime: "2026-03-02T00:00:00Z", endTime: "2026-03-02T06:00:00Z", bucketSize: "hour", podId: "nosuchpod1" },
      recordCount: 0,
      uniquePodCount: 0,
      totals: { totalAmount: 0, gpuAmount: 0, cpuAmount: 0, diskAmount: 0 },
    });
  });

  test("another account sees none of these pods", async () => {
    const other = await startHarness({ clock: clock.read, apiKeys: [{ key: "other-key", account: "other" }] });
    try {
      const answer = await other.call("GET", `/v2/billing/pods?${window}&podId=${gpuPodId}`, { key: "other-key" });
      expect(answer.body.records).toEqual([]);
    } finally {
      await other.emulator.close();
    }
  });
});

describe("network volume spend, per GB-month by type", () => {
  const clock = new ManualClock(Date.parse("2026-03-02T00:00:00.000Z"));
  let harness: Harness;
  let standard: string;
  let fast: string;

  beforeAll(async () => {
    harness = await startHarness({ clock: clock.read });
    standard = (await harness.call("POST", "/v2/network-volumes", { body: { name: "s", size: 100, dataCenter: "US-TX-3" } })).body.id;
    clock.advance(12 * HOUR);
    const body = { name: "f", size: 50, dataCenter: "EU-RO-1", type: "HIGH_PERFORMANCE" };
    fast = (await harness.call("POST", "/v2/network-volumes", { body })).body.id;
    clock.advance(12 * HOUR);
    expect((await harness.call("DELETE", `/v2/network-volumes/${standard}`)).status).toBe(204);
    clock.advance(12 * HOUR);
  });

  afterAll(() => harness.emulator.close());

  test("STANDARD at 0.07 and HIGH_PERFORMANCE at 0.14 USD per GB-month (730 h), until deleted or now", async () => {
    const { records, metadata } = await ok(harness.call("GET", "/v2/billing/network-volumes?startTime=2026-03-02T00:00:00Z"));
    const day = (date: string, id: string, standardAmount: number, highPerformanceAmount: number) => ({
      startTime: `2026-03-${date}T00:00:00Z`,
      endTime: `2026-03-${String(Number(date) + 1).padStart(2, "0")}T00:00:00Z`,
      networkVolumeId: id,
      totalAmount: standardAmount + highPerformanceAmount,
      standardAmount,
      highPerformanceAmount,
    });
    const byId = (a: { networkVolumeId: string }, b: { networkVolumeId: string }) => (a.networkVolumeId < b.networkVolumeId ? -1 : 1);
    expect(records).toEqual([
      ...[day("02", standard, 0.230137, 0), day("02", fast, 0, 0.115068)].sort(byId),
      ...[day("03", standard, 0, 0), day("03", fast, 0, 0.115068)].sort(byId),
    ]);
    expect(metadata).toEqual({
      query: { startTime: "2026-03-02T00:00:00Z", endTime: "2026-03-04T00:00:00Z", bucketSize: "day", networkVolumeId: null },
      recordCount: 4,
      uniqueNetworkVolumeCount: 2,
      totals: { totalAmount: 0.460273, standardAmount: 0.230137, highPerformanceAmount: 0.230136 },
    });
  });

  test("networkVolumeId narrows to one volume", async () => {
    const { records, metadata } = await ok(harness.call("GET", `/v2/billing/network-volumes?lastN=2&networkVolumeId=${fast}`));
    expect(records.map((record: { networkVolumeId: string }) => record.networkVolumeId)).toEqual([fast, fast]);
    expect(metadata.uniqueNetworkVolumeCount).toBe(1);
    expect(metadata.query.networkVolumeId).toBe(fast);
  });

  test("the aggregate's storage components are the volume spend", async () => {
    const { records } = await ok(harness.call("GET", "/v2/billing?startTime=2026-03-02T00:00:00Z"));
    expect(
      records.map((record: { storageStandardAmount: number; storageHighPerformanceAmount: number }) => [
        record.storageStandardAmount,
        record.storageHighPerformanceAmount,
      ]),
    ).toEqual([
      [0.230137, 0.115068],
      [0, 0.115068],
    ]);
  });
});

describe("the window", () => {
  // A Tuesday afternoon.
  const clock = new ManualClock(Date.parse("2026-03-10T15:30:00.000Z"));
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ clock: clock.read });
  });

  afterAll(() => harness.emulator.close());

  const resolved = async (query: string) => {
    const { records, metadata } = await ok(harness.call("GET", `/v2/billing${query}`));
    const buckets = records.map((record: { startTime: string; endTime: string }) => [record.startTime, record.endTime]);
    return { query: metadata.query, buckets };
  };

  test("by default: daily buckets from the day 30 days ago to the end of today", async () => {
    const { query, buckets } = await resolved("");
    expect(query).toEqual({ startTime: "2026-02-08T00:00:00Z", endTime: "2026-03-11T00:00:00Z", bucketSize: "day" });
    expect(buckets).toHaveLength(31);
    expect(buckets[0]).toEqual(["2026-02-08T00:00:00Z", "2026-02-09T00:00:00Z"]);
    expect(buckets[30]).toEqual(["2026-03-10T00:00:00Z", "2026-03-11T00:00:00Z"]);
  });

  test.each([
    { query: "?lastN=3", start: "2026-03-08T00:00:00Z", end: "2026-03-11T00:00:00Z", count: 3 },
    { query: "?lastN=2&bucketSize=hour", start: "2026-03-10T14:00:00Z", end: "2026-03-10T16:00:00Z", count: 2 },
    { query: "?lastN=2&bucketSize=week", start: "2026-03-02T00:00:00Z", end: "2026-03-16T00:00:00Z", count: 2 },
    { query: "?lastN=3&bucketSize=month", start: "2026-01-01T00:00:00Z", end: "2026-04-01T00:00:00Z", count: 3 },
    { query: "?lastN=1&bucketSize=year", start: "2026-01-01T00:00:00Z", end: "2027-01-01T00:00:00Z", count: 1 },
    {
      query: "?startTime=2026-03-01T10:15:00Z&endTime=2026-03-03T08:00:00Z",
      start: "2026-03-01T00:00:00Z",
      end: "2026-03-04T00:00:00Z",
      count: 3,
    },
    {
      query: "?startTime=2026-03-01T00:00:00Z&endTime=2026-03-03T00:00:00Z",
      start: "2026-03-01T00:00:00Z",
      end: "2026-03-03T00:00:00Z",
      count: 2,
    },
    {
      query: "?startTime=2026-03-01T01:30:00%2B02:00&endTime=2026-03-01T12:00:00Z",
      start: "2026-02-28T00:00:00Z",
      end: "2026-03-02T00:00:00Z",
      count: 2,
    },
    { query: "?startTime=2026-02-10T00:00:00Z&bucketSize=week", start: "2026-02-09T00:00:00Z", end: "2026-03-16T00:00:00Z", count: 5 },
    { query: "?startTime=2026-01-31T23:00:00Z&bucketSize=month", start: "2026-01-01T00:00:00Z", end: "2026-04-01T00:00:00Z", count: 3 },
    { query: "?endTime=2026-03-09T00:00:00Z&bucketSize=week", start: "2026-02-02T00:00:00Z", end: "2026-03-09T00:00:00Z", count: 5 },
  ])("$query resolves to [$start, $end) in $count buckets", async ({ query, start, end, count }) => {
    const resolvedWindow = await resolved(query);
    expect(resolvedWindow.query).toMatchObject({ startTime: start, endTime: end });
    expect(resolvedWindow.buckets).toHaveLength(count);
    expect(resolvedWindow.buckets[0]?.[0]).toBe(start);
    expect(resolvedWindow.buckets[count - 1]?.[1]).toBe(end);
    // Buckets tile the window: each starts where the previous ended.
    for (let index = 1; index < count; index++) expect(resolvedWindow.buckets[index]?.[0]).toBe(resolvedWindow.buckets[index - 1]?.[1]);
  });

  test.each([
    {
      query: "?lastN=2&startTime=2026-03-01T00:00:00Z",
      detail: "lastN is mutually exclusive with startTime and endTime; send one or the other",
    },
    {
      query: "?lastN=2&endTime=2026-03-01T00:00:00Z",
      detail: "lastN is mutually exclusive with startTime and endTime; send one or the other",
    },
    { query: "?startTime=2026-03-02T00:00:00Z&endTime=2026-03-02T00:00:00Z", detail: "startTime must be before endTime" },
    { query: "?startTime=2026-03-03T00:00:00Z&endTime=2026-03-02T00:00:00Z", detail: "startTime must be before endTime" },
    { query: "?startTime=2026-03-11T00:00:00Z", detail: "startTime must be before endTime, which defaults to now" },
    { query: "?endTime=2026-02-01T00:00:00Z", detail: "endTime must be after startTime, which defaults to 30 days before now" },
    {
      query: "?startTime=2024-01-01T00:00:00Z&bucketSize=hour",
      detail: "startTime and endTime span more than 10000 hour buckets; narrow the window or use a larger bucketSize",
    },
  ])("$query is 400", async ({ query, detail }) => {
    for (const path of [
      "/v2/billing",
      "/v2/billing/pods",
      "/v2/billing/serverless",
      "/v2/billing/network-volumes",
      "/v2/billing/endpoints",
      "/v2/billing/clusters",
    ]) {
      expectProblem(await harness.call("GET", `${path}${query}`), 400, detail);
    }
  });

  test.each([
    { query: "?bucketSize=minute", errors: ["must be one of hour, day, week, month, year at /bucketSize"] },
    { query: "?lastN=0", errors: ["must be >= 1 at /lastN"] },
    { query: "?lastN=10001", errors: ["must be <= 10000 at /lastN"] },
    { query: "?lastN=1.5", errors: ["expected integer at /lastN"] },
    {
      query: "?startTime=yesterday&endTime=2026-03-01",
      errors: ["must be an RFC 3339 date-time at /startTime", "must be an RFC 3339 date-time at /endTime"],
    },
  ])("$query is 400 naming the parameter", async ({ query, errors }) => {
    expectProblem(await harness.call("GET", `/v2/billing/clusters${query}`), 400, "Query parameters failed validation", errors);
  });

  test("only GET is served", async () => {
    expectProblem(await harness.call("POST", "/v2/billing/pods", { body: {} }), 405, "POST is not allowed on /v2/billing/pods");
  });
});

describe("serverless and public endpoint spend, from what the emulator ran", () => {
  // Standing workers are ready 500 ms after create (the default pod timings); a job waits 100 ms in the queue.
  const clock = new ManualClock(Date.parse("2026-03-01T23:59:59.500Z"));
  let harness: Harness;
  let standing: string;
  let onDemand: string;
  let deleted: string;

  /** A CPU worker's hour of cpu3c × 2 vCPU at 0.042 USD per vCPU-hour, its rate: no disk or fee is charged apart. */
  const cpuHour = { cpuAmount: 0.084 };
  const cpuBody = {
    type: "QUEUE",
    image: "org/echo:1",
    cpu: [{ id: "cpu3c", vcpuCount: 2 }],
    scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
    timeout: 2 * HOUR,
  };
  const create = async (body: Record<string, unknown>): Promise<string> => {
    const answer = await harness.call("POST", "/v2/serverless", { body });
    expect(answer.status).toBe(201);
    return answer.body.id;
  };
  const run = (endpoint: string, input: Record<string, unknown>) => ok(harness.call("POST", `/v2/${endpoint}/run`, { body: { input } }));
  /** A share of an hour's spend, each component rounded to the micro-dollar as the emulator rounds it. */
  const hourShare = (hour: Record<string, number>, share: number) =>
    Object.fromEntries(Object.entries(hour).map(([component, usd]) => [component, micros(usd * share) / 1e6]));
  const hours = "bucketSize=hour&startTime=2026-03-02T00:00:00Z&endTime=2026-03-02T02:00:00Z";
  const spend = (usd: { gpuAmount?: number; cpuAmount?: number; diskAmount?: number; feeAmount?: number }) => {
    const amounts = { gpuAmount: 0, cpuAmount: 0, diskAmount: 0, feeAmount: 0, ...usd };
    const total = Object.values(amounts).reduce((sum, amount) => sum + micros(amount), 0) / 1e6;
    return { totalAmount: total, ...amounts };
  };

  beforeAll(async () => {
    harness = await startHarness({ clock: clock.read });
    // An RTX 4090 worker (the first type of ADA_24) standing from 00:00:00.
    standing = await create({
      name: "gpu",
      type: "QUEUE",
      image: "org/echo:1",
      gpu: { pools: ["ADA_24"] },
      workers: { min: 1, max: 1 },
      scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
    });
    clock.advance(400);
    // No standing worker: it runs from 00:00:00 while two jobs overlap for an hour in all, then is gone.
    onDemand = await create({ ...cpuBody, name: "cpu" });
    await run(onDemand, { sleepMs: 30 * MINUTE });
    deleted = await create({ ...cpuBody, name: "short-lived" });
    await run(deleted, { sleepMs: HOUR });
    clock.advance(15 * MINUTE);
    await run(onDemand, { sleepMs: 45 * MINUTE });
    // The hosted model: 2 s of video, 0.30 USD, completes at 00:15:00.400; a cancelled one costs nothing.
    await run("text-to-video", { prompt: "waves", duration: 2 });
    const cancelled = await run("text-to-video", { prompt: "dunes", duration: 3 });
    await harness.call("POST", `/v2/text-to-video/cancel/${cancelled.id}`);
    clock.advance(15 * MINUTE);
    expect((await harness.call("DELETE", `/v2/serverless/${deleted}`)).status).toBe(204);
    clock.now = Date.parse("2026-03-02T02:00:00.000Z");
  });

  afterAll(() => harness.emulator.close());

  test("each endpoint per hour: standing workers all along, on-demand ones while jobs ran, deleted ones until deleted", async () => {
    const { records, metadata } = await ok(harness.call("GET", `/v2/billing/serverless?${hours}`));
    const bucket = (hour: number) => ({ startTime: `2026-03-02T0${hour}:00:00Z`, endTime: `2026-03-02T0${hour + 1}:00:00Z` });
    const gpuHour = spend({ gpuAmount: 0.77 });
    const byId = (a: { serverlessId: string }, b: { serverlessId: string }) => (a.serverlessId < b.serverlessId ? -1 : 1);
    expect(records).toEqual(
      [
        { ...bucket(0), serverlessId: standing, ...gpuHour },
        { ...bucket(0), serverlessId: onDemand, ...spend(cpuHour) },
        // Deleted at 00:29:59.900, 100 ms short of half an hour into its job.
        { ...bucket(0), serverlessId: deleted, ...spend(hourShare(cpuHour, (30 * MINUTE - 100) / HOUR)) },
      ]
        .sort(byId)
        .concat(
          // Every endpoint that existed during the window has a record in each bucket.
          [
            { ...bucket(1), serverlessId: standing, ...gpuHour },
            { ...bucket(1), serverlessId: onDemand, ...spend({}) },
            { ...bucket(1), serverlessId: deleted, ...spend({}) },
          ].sort(byId),
        ),
    );
    expect(metadata).toMatchObject({ recordCount: 6, uniqueServerlessCount: 3 });
  });

  test("public endpoint jobs are billed when they complete, at the cost their output gives", async () => {
    expect((await ok(harness.call("GET", `/v2/billing/endpoints?${hours}`))).records).toEqual([
      { startTime: "2026-03-02T00:00:00Z", endTime: "2026-03-02T01:00:00Z", totalAmount: 0.3 },
      { startTime: "2026-03-02T01:00:00Z", endTime: "2026-03-02T02:00:00Z", totalAmount: 0 },
    ]);
  });

  test("an account that ran nothing has no serverless or public endpoint records", async () => {
    const other = await startHarness({ clock: clock.read, apiKeys: [{ key: "other-key", account: "other" }] });
    try {
      for (const path of ["serverless", "endpoints"]) {
        expect((await ok(other.call("GET", `/v2/billing/${path}?${hours}`, { key: "other-key" }))).records).toEqual([]);
      }
    } finally {
      await other.emulator.close();
    }
  });
});

describe("cluster spend, from what its members ran", () => {
  const clock = new ManualClock(Date.parse("2026-03-02T00:00:00.000Z"));
  let harness: Harness;
  let clusterId: string;
  let memberIds: string[];
  let standalonePodId: string;

  // Members run five minutes after create; the cluster is deleted at 02:00.
  beforeAll(async () => {
    harness = await startHarness({ clock: clock.read, timings: { provisioningMs: 1 * MINUTE, startingMs: 4 * MINUTE } });
    const created = await harness.call("POST", "/v2/clusters", {
      body: {
        name: "hpc",
        type: "TRAINING",
        compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 2, podCount: 2 },
        image: "org/t:1",
        disk: 40,
      },
    });
    expect(created.status).toBe(201);
    clusterId = created.body.id;
    memberIds = (await harness.call("GET", `/v2/clusters/${clusterId}/pods`)).body.pods.map((pod: { id: string }) => pod.id);
    standalonePodId = (await harness.call("POST", "/v2/pods", { body: gpuPod() })).body.id;
    clock.advance(2 * HOUR);
    expect((await harness.call("DELETE", `/v2/clusters/${clusterId}`)).status).toBe(204);
    clock.advance(1 * HOUR);
  });

  afterAll(() => harness.emulator.close());

  const window = "startTime=2026-03-02T00:00:00Z&endTime=2026-03-02T03:00:00Z&bucketSize=hour";

  test("per cluster: its members' cost, their GPUs at the secure list price, while RUNNING, until deleted", async () => {
    const { records, metadata } = await ok(harness.call("GET", `/v2/billing/clusters?${window}&clusterId=${clusterId}`));
    // 2 members × 2 H100 at 2.99 USD/h: 11.96 USD/h, from 00:05; no disk or fabric charged apart.
    const expected = [micros((11.96 * 55) / 60) / 1e6, 11.96, 0];
    expect(records).toEqual(
      expected.map((gpuAmount, index) => ({
        startTime: `2026-03-02T0${index}:00:00Z`,
        endTime: `2026-03-02T0${index + 1}:00:00Z`,
        clusterId,
        totalAmount: gpuAmount,
        gpuAmount,
        diskAmount: 0,
        networkingAmount: 0,
      })),
    );
    expect(metadata).toMatchObject({ recordCount: 3, uniqueClusterCount: 1 });
  });

  test("its members are not billed as pods; standalone pods are", async () => {
    const { records } = await ok(harness.call("GET", `/v2/billing/pods?${window}`));
    expect(new Set(records.map((record: { podId: string }) => record.podId))).toEqual(new Set([standalonePodId]));
    expect(memberIds).toHaveLength(2);
  });

  test("without clusterId: the seeded cluster and the one it ran", async () => {
    const { metadata } = await ok(harness.call("GET", `/v2/billing/clusters?${window}`));
    expect(metadata).toMatchObject({ recordCount: 6, uniqueClusterCount: 2 });
  });
});

describe("seeded cluster history", () => {
  const clock = new ManualClock(Date.parse("2026-03-02T13:00:00.000Z"));
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ clock: clock.read });
  });

  afterAll(() => harness.emulator.close());
  afterEach(() => {
    clock.now = Date.parse("2026-03-02T13:00:00.000Z");
  });

  const march1 = "startTime=2026-03-01T00:00:00Z&endTime=2026-03-02T00:00:00Z";

  test("every account has a cluster, at stable amounts", async () => {
    // 2 nodes × 8 H100 at 2.99 USD/h from 00:00 to 06:00; 2 × 1000 GB of disk and 0.40 USD per node-hour of fabric.
    expect((await ok(harness.call("GET", `/v2/billing/clusters?${march1}`))).records).toEqual([
      {
        startTime: "2026-03-01T00:00:00Z",
        endTime: "2026-03-02T00:00:00Z",
        clusterId: "fgormqmcqg",
        totalAmount: 293.483836,
        gpuAmount: 287.04,
        diskAmount: 1.643836,
        networkingAmount: 4.8,
      },
    ]);
  });

  test("the filter id narrows clusters", async () => {
    const clusters = await ok(harness.call("GET", `/v2/billing/clusters?${march1}&clusterId=someother1`));
    expect(clusters.metadata).toMatchObject({ recordCount: 0, uniqueClusterCount: 0, query: { clusterId: "someother1" } });
  });

  test("another account gets its own cluster", async () => {
    const other = await startHarness({ clock: clock.read, apiKeys: [{ key: "other-key", account: "other" }] });
    try {
      const { records } = await ok(other.call("GET", `/v2/billing/clusters?${march1}`, { key: "other-key" }));
      expect(records.map((record: { clusterId: string }) => record.clusterId)).toEqual([expect.not.stringMatching(/^fgormqmcqg$/)]);
    } finally {
      await other.emulator.close();
    }
  });

  test("nothing is billed before the seeded cluster existed, nor after now", async () => {
    const before = await ok(harness.call("GET", "/v2/billing/clusters?startTime=2023-12-01T00:00:00Z&endTime=2023-12-02T00:00:00Z"));
    expect(before.records).toEqual([]);
    const aggregate = await ok(harness.call("GET", "/v2/billing?startTime=2026-03-05T00:00:00Z&endTime=2026-03-06T00:00:00Z"));
    expect(aggregate.records).toHaveLength(1);
    expect(aggregate.records[0].totalAmount).toBe(0);
  });

  test("a day is the sum of its hours, to the rounding of each hour", async () => {
    const daily = await ok(harness.call("GET", `/v2/billing/clusters?${march1}`));
    const hourly = await ok(harness.call("GET", `/v2/billing/clusters?${march1}&bucketSize=hour`));
    expect(hourly.metadata.recordCount).toBe(24 * daily.metadata.recordCount);
    expect(Math.abs(micros(hourly.metadata.totals.totalAmount) - micros(daily.metadata.totals.totalAmount))).toBeLessThanOrEqual(24 * 5);
  });
});

describe("the aggregate is the sum of the families", () => {
  const clock = new ManualClock(Date.parse("2026-03-02T00:00:00.000Z"));
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ clock: clock.read });
    await harness.call("POST", "/v2/pods", { body: gpuPod({ gpu: { id: "NVIDIA L40S", count: 3 } }) });
    await harness.call("POST", "/v2/pods", { body: cpuPod({ cpu: { id: "cpu5c", vcpuCount: 8, memory: 16 } }) });
    await harness.call("POST", "/v2/network-volumes", { body: { name: "v", size: 500, dataCenter: "EU-RO-1", type: "HIGH_PERFORMANCE" } });
    clock.advance(50 * HOUR + 20 * MINUTE);
  });

  afterAll(() => harness.emulator.close());

  const families = {
    pods: { gpuAmount: "podGpuAmount", cpuAmount: "podCpuAmount", diskAmount: "podDiskAmount" },
    serverless: {
      gpuAmount: "serverlessGpuAmount",
      cpuAmount: "serverlessCpuAmount",
      diskAmount: "serverlessDiskAmount",
      feeAmount: "serverlessFeeAmount",
    },
    "network-volumes": { standardAmount: "storageStandardAmount", highPerformanceAmount: "storageHighPerformanceAmount" },
    endpoints: { totalAmount: "endpointAmount" },
    clusters: { gpuAmount: "clusterGpuAmount", diskAmount: "clusterDiskAmount", networkingAmount: "clusterNetworkingAmount" },
  } as const;

  test.each(["?bucketSize=hour&lastN=60", "?lastN=4", "?bucketSize=week&lastN=2", "?bucketSize=month&lastN=2"])(
    "%s: per bucket and in the totals",
    async (query) => {
      const aggregate = await ok(harness.call("GET", `/v2/billing${query}`));
      const expected = aggregate.records.map((record: { startTime: string }) => ({
        startTime: record.startTime,
        sums: {} as Record<string, number>,
      }));
      for (const [path, components] of Object.entries(families)) {
        const history = await ok(harness.call("GET", `/v2/billing/${path}${query}`));
        expect(history.metadata.query).toMatchObject(aggregate.metadata.query);
        for (const record of history.records) {
          const bucket = expected.find((entry: { startTime: string }) => entry.startTime === record.startTime);
          for (const [component, target] of Object.entries(components)) {
            bucket.sums[target] = (bucket.sums[target] ?? 0) + micros(record[component]);
          }
          // Each record's total is the sum of its components.
          const parts = Object.keys(components).filter((component) => component !== "totalAmount");
          if (parts.length > 0) {
            expect(micros(record.totalAmount)).toBe(parts.reduce((sum, component) => sum + micros(record[component]), 0));
          }
        }
        // The metadata totals are the sums of the records.
        for (const [component, amount] of Object.entries(history.metadata.totals)) {
          expect(micros(amount as number)).toBe(
            history.records.reduce((sum: number, record: Record<string, number>) => sum + micros(record[component] ?? 0), 0),
          );
        }
      }
      for (const [index, record] of aggregate.records.entries()) {
        for (const target of Object.values(families).flatMap((components) => Object.values(components))) {
          expect(micros(record[target])).toBe(expected[index].sums[target] ?? 0);
        }
        const { startTime: _start, endTime: _end, totalAmount, ...components } = record;
        expect(micros(totalAmount)).toBe(Object.values(components).reduce((sum: number, amount) => sum + micros(amount as number), 0));
      }
      for (const [component, amount] of Object.entries(aggregate.metadata.totals)) {
        expect(micros(amount as number)).toBe(
          aggregate.records.reduce((sum: number, record: Record<string, number>) => sum + micros(record[component] ?? 0), 0),
        );
      }
      expect(aggregate.metadata.recordCount).toBe(aggregate.records.length);
      expect(micros(aggregate.metadata.totals.podGpuAmount)).toBeGreaterThan(0);
      expect(micros(aggregate.metadata.totals.storageHighPerformanceAmount)).toBeGreaterThan(0);
    },
  );
});
