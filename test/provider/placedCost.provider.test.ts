// The estimate of a pod with placement, against the real emulator over HTTP with H100 sold out: check prices the
// configuration a create would choose now, with the range over the acceptable ones, and the create keeps the
// estimate of what it runs, without the range.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { GPU_CATALOG } from "../../emulator/data/catalog";
import * as pod from "../../provider/resources/pod.provider";
import type { PodInputs } from "../../provider/resources/pod/inputs";
import { providerOnClock } from "../support/providerClock";
import { emulatorForProvider, passedCheck } from "./providerHarness";

const H100 = "NVIDIA H100 80GB HBM3";
const A100 = "NVIDIA A100 80GB PCIe";
const L40S = "NVIDIA L40S";
const price = (id: string) => GPU_CATALOG.find(({ type }) => type.id === id)!.type.price.secure;

let emulator: Emulator;
let restoreClock: () => void;

beforeAll(async () => {
  emulator = await emulatorForProvider({
    gpuStock: { [H100]: { "US-CA-2": { secure: 0, community: 0 }, "EU-SE-1": { secure: 0, community: 0 } } },
  });
  restoreClock = providerOnClock(emulator.clock);
});
afterAll(async () => {
  restoreClock();
  await emulator.close();
});

const trainer = (order?: "cheapest"): PodInputs => ({
  name: `trainer-${order ?? "listed"}`,
  image: "org/trainer:1.2",
  gpu: { id: H100 },
  placement: { alternatives: [{ id: A100 }, { id: L40S, count: 2 }], ...(order ? { order } : {}) },
  readyTimeoutSeconds: 60,
});

describe("the estimate of a pod with placement, H100 sold out", () => {
  it.each([
    ["listed", undefined],
    ["cheapest", "cheapest"],
  ] as const)("check prices the A100 a create would choose now, in %s order, with the range up to the H100", async (_order, order) => {
    const checked = await passedCheck(pod.check, trainer(order));
    expect(checked).toMatchObject({
      estimatedHourlyCost: price(A100),
      costBreakdown: [
        {
          name: `GPU (${A100}, secure cloud)`,
          hourlyCost: price(A100),
          placement: { configuration: `1 x ${A100}`, lowestHourlyCost: price(A100), highestHourlyCost: price(H100) },
        },
      ],
    });
  });

  it("the create runs on the A100 and keeps its estimate, without the range", async () => {
    const created = await pod.create(await passedCheck(pod.check, trainer("cheapest")));
    await pod.delete(created.id);
    expect(created.outs?.gpu).toEqual({ id: A100, count: 1 });
    expect(created.outs?.estimatedHourlyCost).toBe(price(A100));
    expect(created.outs?.costBreakdown).toEqual([
      {
        name: `GPU (${A100}, secure cloud)`,
        unit: "GPU-hours",
        hourlyQuantity: 1,
        price: price(A100),
        hourlyCost: price(A100),
        usageBased: false,
        priceNotFound: false,
        source: `catalog: ${A100} secure price`,
      },
    ]);
  });
});
