import type { Quote } from "./quote";
import { dollars } from "./money";
import { changedResources, monthly, type PlanCost, type ResourceCost } from "./planCost";

/** A resource the plan creates with `placement`: priced at the configuration a create would choose now. */
export interface PlacedResource {
  resource: ResourceCost;
  /** The configuration priced: `1 x NVIDIA A100 80GB PCIe`. */
  configuration: string;
  /** USD per hour on its cheapest and its dearest acceptable configuration. */
  lowestHourlyCost: number;
  highestHourlyCost: number;
}

/** The resources of the plan priced at the configuration placement would choose now, with their range. */
export function placedResources(plan: PlanCost): PlacedResource[] {
  return changedResources(plan).flatMap((resource): PlacedResource[] => {
    const parts = resource.after?.components ?? [];
    const placement = parts.find((part) => part.placement !== undefined)?.placement;
    if (placement === undefined) return [];
    const range = (pick: "lowestHourlyCost" | "highestHourlyCost") =>
      parts.reduce((total, part) => total + (part.placement?.[pick] ?? part.hourlyCost), 0);
    return [
      {
        resource,
        configuration: placement.configuration,
        lowestHourlyCost: range("lowestHourlyCost"),
        highestHourlyCost: range("highestHourlyCost"),
      },
    ];
  });
}

/**
 * `Pod trainer is priced at 1 x NVIDIA A100 80GB PCIe, the configuration placement would choose now; on its acceptable
 * configurations it costs $1.6400 to $2.9900/hour ($1,197.20 to $2,182.70/month).`, one per placed resource.
 */
export function placementNotes(plan: PlanCost, quote: Quote): string[] {
  return placedResources(plan).map(
    ({ resource, configuration, lowestHourlyCost, highestHourlyCost }) =>
      `${quote(`${resource.type} ${resource.name}`)} is priced at ${quote(configuration)}, the configuration placement would choose now; ` +
      `on its acceptable configurations it costs $${dollars(lowestHourlyCost, 4)} to $${dollars(highestHourlyCost, 4)}/hour ` +
      `($${dollars(monthly(lowestHourlyCost), 2)} to $${dollars(monthly(highestHourlyCost), 2)}/month).`,
  );
}
