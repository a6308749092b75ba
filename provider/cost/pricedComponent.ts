import type { CostComponent } from "./costComponent";
import { roundedUsd } from "./costEstimate";

/** What names a priced part: everything but the figures derived from its quantity and price. */
export type ComponentLabel = Pick<CostComponent, "name" | "unit" | "source">;

/** A part that stands by the hour: `hourlyQuantity` units at `price` USD each. */
export function pricedComponent(label: ComponentLabel, hourlyQuantity: number, price: number): CostComponent {
  return { ...label, hourlyQuantity, price, hourlyCost: roundedUsd(hourlyQuantity * price), usageBased: false, priceNotFound: false };
}

/** A part priced by use at `price` USD per unit, with no usage estimate: it counts as 0 per hour. */
export function usageComponent(label: ComponentLabel, price: number): CostComponent {
  return { ...label, hourlyQuantity: 0, price, hourlyCost: 0, usageBased: true, priceNotFound: false };
}

/** A part the catalog or the storage table has no price for: it counts as 0. */
export function unpricedComponent(label: ComponentLabel, hourlyQuantity: number): CostComponent {
  return { ...label, hourlyQuantity, price: 0, hourlyCost: 0, usageBased: false, priceNotFound: true };
}
