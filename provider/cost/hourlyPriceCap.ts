import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { CostEstimate } from "./costEstimate";

/**
 * Why a resource breaks its `maxHourlyPrice`: its catalog price is above it, or a part has no catalog price, so that
 * the cap cannot be held. None when no cap is set, or while the estimate is unknown (it is checked again at apply).
 */
export function hourlyPriceCapFailures(cap: unknown, estimate: CostEstimate): dynamic.CheckFailure[] {
  if (typeof cap !== "number" || typeof estimate.estimatedHourlyCost !== "number") return [];
  const unpriced = estimate.costBreakdown.filter((component) => component.priceNotFound);
  if (unpriced.length > 0) {
    const parts = unpriced.map((component) => component.name).join(", ");
    return [{ property: "maxHourlyPrice", reason: `cannot be held: the catalog has no price for ${parts}` }];
  }
  if (estimate.estimatedHourlyCost <= cap) return [];
  const parts = estimate.costBreakdown
    .filter((component) => component.hourlyCost > 0)
    .map((component) => `${component.hourlyQuantity} × ${component.name} at $${component.price}`)
    .join(" + ");
  return [
    {
      property: "maxHourlyPrice",
      reason: `the catalog price is $${estimate.estimatedHourlyCost} per hour (${parts}), above maxHourlyPrice ($${cap} per hour)`,
    },
  ];
}
