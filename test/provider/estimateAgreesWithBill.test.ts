// The estimate agrees with the bill: each priced kind created by its provider against the real emulator over HTTP,
// then one hour on the emulator's clock, and the billing data functions read that hour.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { getClusterBilling, getNetworkVolumeBilling, getPodBilling, getServerlessBilling } from "../../provider/functions/billing";
import * as cluster from "../../provider/resources/cluster.provider";
import * as volume from "../../provider/resources/networkVolume/networkVolume.provider";
import * as pod from "../../provider/resources/pod.provider";
import * as endpoint from "../../provider/resources/serverlessEndpoint.provider";
import { ManualClock } from "../emulator/harness";
import { emulatorForProvider, passedCheck } from "./providerHarness";

const HOUR = 3_600_000;

const clock = new ManualClock(Date.parse("2026-03-02T00:00:00.000Z"));
// Everything is created at 00:00 and runs at once; the clock then moves to 01:00 and the bill of that hour is read.
const hour = { startTime: "2026-03-02T00:00:00Z", endTime: "2026-03-02T01:00:00Z", bucketSize: "hour" } as const;

interface Provider {
  check(olds: never, news: never): Promise<unknown>;
  create(inputs: never): Promise<{ id: string; outs?: unknown }>;
}

interface Case {
  what: string;
  provider: Provider;
  inputs: object;
  /** The estimate, by hand from the emulator's catalog prices. */
  estimate: number;
  /** The resource's record of the hour. */
  bill(id: string): Promise<{ totalAmount: number }>;
}

const cases: Case[] = [
  {
    what: "a GPU pod: 2 × L40S in the secure cloud at 0.86 USD/h",
    provider: pod,
    inputs: { name: "trainer", image: "org/trainer:1", gpu: { id: "NVIDIA L40S", count: 2 }, disk: 50 },
    estimate: 1.72,
    bill: async (podId) => (await getPodBilling({ ...hour, podId })).records[0]!,
  },
  {
    what: "a CPU pod: 4 vCPUs of cpu3g at 0.04 USD/h",
    provider: pod,
    inputs: { name: "notebook", image: "org/notebook:1", cpu: { id: "cpu3g", vcpuCount: 4, memory: 16 }, disk: 10 },
    estimate: 0.16,
    bill: async (podId) => (await getPodBilling({ ...hour, podId })).records[0]!,
  },
  {
    what: "a cluster: 2 members × 2 H100 at the secure 2.99 USD/h",
    provider: cluster,
    inputs: {
      name: "hpc",
      type: "TRAINING",
      compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 2, podCount: 2 },
      image: "org/t:1",
      disk: 40,
    },
    estimate: 11.96,
    bill: async (clusterId) => (await getClusterBilling({ ...hour, clusterId })).records[0]!,
  },
  {
    what: "an endpoint with a standing worker of 2 GPUs of ADA_48_PRO (L40S) at the serverless 1.33 USD/h",
    provider: endpoint,
    inputs: {
      name: "workers",
      type: "QUEUE",
      image: "org/echo:1",
      gpu: { pools: ["ADA_48_PRO"], count: 2 },
      workers: { min: 1, max: 2 },
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
      disk: 30,
    },
    estimate: 2.66,
    bill: async (serverlessId) => (await getServerlessBilling({ ...hour, serverlessId })).records[0]!,
  },
  {
    what: "a network volume: 100 GB of HIGH_PERFORMANCE storage at 0.14 USD per GB-month, a month of 730 hours",
    provider: volume,
    inputs: { name: "data", size: 100, dataCenter: "US-TX-3", type: "HIGH_PERFORMANCE" },
    estimate: 0.019178,
    bill: async (networkVolumeId) => (await getNetworkVolumeBilling({ ...hour, networkVolumeId })).records[0]!,
  },
];

describe("one hour after create, the bill is the estimate", () => {
  let emulator: Emulator;
  const created: Array<{ id: string; estimate: unknown }> = [];

  beforeAll(async () => {
    emulator = await emulatorForProvider({ clock: clock.read, timings: { provisioningMs: 0, startingMs: 0 } });
    for (const { provider, inputs } of cases) {
      const checked = await passedCheck(provider.check as never, inputs as never);
      const { id, outs } = await provider.create(checked as never);
      created.push({ id, estimate: (outs as { estimatedHourlyCost?: unknown }).estimatedHourlyCost });
    }
    clock.advance(HOUR);
  });
  afterAll(async () => emulator.close());

  it.each(cases.map((entry, index) => ({ ...entry, index })))("$what", async ({ index, estimate, bill }) => {
    const { id, estimate: recorded } = created[index]!;
    expect(recorded).toBe(estimate);
    // The bill keeps millionths of a USD, as the estimate does.
    expect((await bill(id)).totalAmount).toBe(estimate);
  });
});
