// The estimate agrees with the bill: each priced kind created by its provider against the real emulator over HTTP,
// then one hour on the emulator's clock, and the billing data functions read that hour.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { getPodBilling } from "../../provider/functions/billing";
import * as pod from "../../provider/resources/pod.provider";
import { ManualClock } from "../emulator/harness";
import { emulatorForProvider, passedCheck } from "./providerHarness";

const HOUR = 3_600_000;
const micros = (usd: number) => Math.round(usd * 1_000_000);
/** Disk while it runs, at the emulator's 0.10 USD per GB-month (emulator/data/prices.ts), for an hour of a 730-hour month. */
const diskHour = (gb: number) => micros((gb * 0.1) / 730) / 1_000_000;

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
  bill(id: string): Promise<Record<string, unknown>>;
  /** The bill's components at the prices the estimate is made of: together they are the estimate. */
  estimated: string[];
  /** The bill's other components: standing parts the catalog has no price for, at the emulator's rates. */
  besides: Record<string, number>;
}

const cases: Case[] = [
  {
    what: "a GPU pod: 2 × L40S in the secure cloud at 0.86 USD/h",
    provider: pod,
    inputs: { name: "trainer", image: "org/trainer:1", gpu: { id: "NVIDIA L40S", count: 2 }, disk: 50 },
    estimate: 1.72,
    bill: async (podId) => (await getPodBilling({ ...hour, podId })).records[0]!,
    estimated: ["gpuAmount"],
    besides: { cpuAmount: 0, diskAmount: diskHour(50) },
  },
  {
    what: "a CPU pod: 4 vCPUs of cpu3g at 0.04 USD/h",
    provider: pod,
    inputs: { name: "notebook", image: "org/notebook:1", cpu: { id: "cpu3g", vcpuCount: 4, memory: 16 }, disk: 10 },
    estimate: 0.16,
    bill: async (podId) => (await getPodBilling({ ...hour, podId })).records[0]!,
    estimated: ["cpuAmount"],
    besides: { gpuAmount: 0, diskAmount: diskHour(10) },
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

  it.each(cases.map((entry, index) => ({ ...entry, index })))("$what", async ({ index, estimate, bill, estimated, besides }) => {
    const { id, estimate: recorded } = created[index]!;
    expect(recorded).toBe(estimate);
    const record = await bill(id);
    const amount = (component: string) => micros(record[component] as number);
    expect(estimated.reduce((sum, component) => sum + amount(component), 0)).toBe(micros(estimate));
    expect(Object.fromEntries(Object.keys(besides).map((component) => [component, record[component]]))).toEqual(besides);
    expect(amount("totalAmount")).toBe(micros(estimate) + Object.values(besides).reduce((sum, usd) => sum + micros(usd), 0));
  });
});
