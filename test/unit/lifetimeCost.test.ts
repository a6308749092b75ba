import { describe, expect, it } from "vitest";
import { lifetimeBound } from "../../cli/cost/lifetimeBound";
import { costNotes } from "../../cli/cost/costRows";
import { planCost } from "../../cli/cost/planCost";
import type { CostComponent } from "../../provider/cost/costComponent";

const NOW = Date.parse("2026-03-01T08:00:00.000Z");
const HOUR = 3_600_000;

const gpu: CostComponent = {
  name: "GPU (NVIDIA L40S, secure cloud)",
  unit: "GPU-hours",
  hourlyQuantity: 1,
  price: 0.86,
  hourlyCost: 0.86,
  usageBased: false,
  priceNotFound: false,
  source: "catalog: NVIDIA L40S secure price",
};

describe("the most a resource costs before its lifetime ends", () => {
  it.each([
    ["a new pod stopped after 8h", { lifetime: { stopAfter: "8h" } }, undefined, { hours: 8, ending: "stop" }],
    ["a new pod terminated after 2d", { lifetime: { terminateAfter: "2d" } }, undefined, { hours: 48, ending: "terminate" }],
    ["only idleness: no bound", { lifetime: { whenIdle: { gpuUtilizationBelow: 5, for: "30m" } } }, undefined, undefined],
    ["no lifetime", {}, undefined, undefined],
    [
      "a pod created 3h ago, its lifetime unchanged",
      { lifetime: { stopAfter: "8h" } },
      {
        lifetime: { stopAfter: "8h" },
        lifetimeSince: new Date(NOW - 3 * HOUR).toISOString(),
        stopCountsFrom: new Date(NOW - 3 * HOUR).toISOString(),
      },
      { hours: 5, ending: "stop" },
    ],
    [
      "a renewed lifetime counts from now",
      { lifetime: { stopAfter: "16h" } },
      {
        lifetime: { stopAfter: "8h" },
        lifetimeSince: new Date(NOW - 3 * HOUR).toISOString(),
        stopCountsFrom: new Date(NOW - 3 * HOUR).toISOString(),
      },
      { hours: 16, ending: "stop" },
    ],
    [
      "stopped by its lifetime: no bound left",
      { lifetime: { stopAfter: "8h" } },
      { lifetime: { stopAfter: "8h" }, lifetimeSince: new Date(NOW - 9 * HOUR).toISOString(), endedBy: "stop" },
      undefined,
    ],
  ])("%s", (_what, after, before, bound) => {
    expect(lifetimeBound(after, before, NOW)).toEqual(bound);
  });

  it("is a note of the cost report", () => {
    const plan = planCost([{ op: "create", type: "Pod", name: "trainer", after: [gpu], lifetime: { hours: 8, ending: "stop" } }]);
    expect(costNotes(plan)).toEqual(["Pod trainer: at most $6.88 before it stops (8.0 h at $0.8600/h)."]);
  });
});
