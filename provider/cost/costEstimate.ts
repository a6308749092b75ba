import type { CostComponent } from "./costComponent";

/** The cost outputs of a priced resource (Pod, Cluster, ServerlessEndpoint, NetworkVolume), known at preview. */
export interface CostEstimate {
  /**
   * The resource's list price while it stands, in USD per hour: the sum of `costBreakdown`'s `hourlyCost`, to the
   * millionth of a USD. Use-based parts count as 0. Known at preview; a month is 730 hours.
   */
  estimatedHourlyCost: number;
  /** One entry per priced part of the resource, with where each price came from. */
  costBreakdown: CostComponent[];
}

/** The names of the cost outputs, which `check` computes and state keeps. */
export const COST_OUTPUTS = ["estimatedHourlyCost", "costBreakdown"] as const satisfies ReadonlyArray<keyof CostEstimate>;

/** The estimate of a resource priced in these parts. */
export function estimateOf(costBreakdown: CostComponent[]): CostEstimate {
  const micros = costBreakdown.reduce((sum, component) => sum + microUsd(component.hourlyCost), 0);
  return { estimatedHourlyCost: micros / 1_000_000, costBreakdown };
}

/** USD rounded to the millionth, as the billing records keep it. */
export function roundedUsd(usd: number): number {
  return microUsd(usd) / 1_000_000;
}

/** USD in whole millionths: how amounts are summed and compared, so that a sum of prices meets its limit exactly. */
export function microUsd(usd: number): number {
  return Math.round(usd * 1_000_000);
}
