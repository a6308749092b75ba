import { describeConfiguration } from "../placement/candidates";
import type { PlacementChoice } from "../placement/placementChoice";
import type { CostComponent } from "./costComponent";
import { type CostEstimate, estimateOf } from "./costEstimate";
import type { Prices, Pricing } from "./pricing";

/**
 * The estimate of a resource that `placement` will place: priced at the configuration a create would choose now,
 * each part saying so and what it would cost on the cheapest and the dearest acceptable configuration. Undefined
 * for a kind that is not priced by its placement.
 */
export function placedEstimate<Inputs>(
  pricing: Pricing<Inputs>,
  inputs: Inputs,
  choice: PlacementChoice,
  prices: Prices,
): CostEstimate | undefined {
  const onCandidate = pricing.onCandidate;
  if (onCandidate === undefined) return undefined;
  const partsOn = (candidate: PlacementChoice["chosen"]) => pricing.components(onCandidate(inputs, candidate), prices);
  const everywhere = choice.acceptable.map(partsOn);
  const configuration = describeConfiguration(choice.chosen);
  return estimateOf(
    partsOn(choice.chosen).map((part, index) => {
      const costs = everywhere.map((parts) => parts[index]?.hourlyCost ?? 0);
      return { ...part, placement: { configuration, lowestHourlyCost: Math.min(...costs), highestHourlyCost: Math.max(...costs) } };
    }),
  );
}

/** The estimate of a resource once placed: its parts without what they would have cost elsewhere. */
export function settledEstimate(estimate: CostEstimate): CostEstimate {
  return { ...estimate, costBreakdown: estimate.costBreakdown.map(settledPart) };
}

function settledPart(part: CostComponent): CostComponent {
  const { placement: _placement, ...settled } = part;
  return settled;
}
