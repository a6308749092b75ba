// Cost estimates computed by hand, for the tests that expect them among a priced resource's checked arguments and outputs.
import type { CostComponent } from "../../provider/cost/costComponent";

/** USD to the millionth, as the estimates are given. */
export const micro = (usd: number) => Math.round(usd * 1e6) / 1e6;

/** One component that stands by the hour. */
export function standingPart(name: string, unit: string, hourlyQuantity: number, price: number, source: string): CostComponent {
  return { name, unit, hourlyQuantity, price, hourlyCost: micro(hourlyQuantity * price), usageBased: false, priceNotFound: false, source };
}

/** The cost outputs of a resource priced in these parts. */
export function estimate(...costBreakdown: CostComponent[]) {
  return { estimatedHourlyCost: micro(costBreakdown.reduce((sum, part) => sum + part.hourlyCost, 0)), costBreakdown };
}

/** Default storage table prices per GB-month, as `provider/cost/storagePrices.ts` documents them. */
const STORAGE_DEFAULTS = { STANDARD: 0.07, HIGH_PERFORMANCE: 0.14 };

/** A network volume's cost outputs at the default storage table. */
export function volumeEstimate(size: number, type: keyof typeof STORAGE_DEFAULTS = "STANDARD") {
  return estimate(
    standingPart(`Network volume storage (${type})`, "GB-months", size / 730, STORAGE_DEFAULTS[type], "storage table (default)"),
  );
}
