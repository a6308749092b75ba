import { type CostComponent, HOURS_PER_MONTH } from "../../provider/cost/costComponent";
import type { PlannedOperation } from "../plan";
import type { LifetimeBound } from "./lifetimeBound";
import { applyUsage, type UsageEstimate } from "./usage";

/** One priced resource as the engine plans it: its cost components before and after the plan. */
export interface PricedStep {
  /** What the plan does to it; `same` for a resource it leaves as it is. */
  op: PlannedOperation | "same";
  /** The resource type, such as `Pod`. */
  type: string;
  /** The resource's logical name in the manifest. */
  name: string;
  /** Its cost components in the stack's state; absent when it does not exist before the plan (a create). */
  before?: CostComponent[];
  /** Its cost components once the plan is applied; absent when the plan deletes it. */
  after?: CostComponent[];
  /** Its price after depends on a value known only after deployment, so it is not counted. */
  afterUnknown?: boolean;
  /** How long its lifetime lets it run after the plan. */
  lifetime?: LifetimeBound;
}

/** A resource's price on one side of the plan, use-based parts priced from the usage estimate. */
export interface ResourcePrice {
  /** USD per hour: the sum of the components' `hourlyCost`. */
  hourlyCost: number;
  components: CostComponent[];
}

/** What one resource costs before and after the plan. */
export interface ResourceCost {
  op: PricedStep["op"];
  type: string;
  name: string;
  /** Absent for a create. */
  before?: ResourcePrice;
  /** Absent for a delete. */
  after?: ResourcePrice;
  /** USD per hour after, less before. */
  hourlyDiff: number;
  /** Its price after is not known until deployment (and counts as 0). */
  afterUnknown?: boolean;
  /** How long its lifetime lets it run after the plan. */
  lifetime?: LifetimeBound;
}

/** The price of a plan: every priced resource of the stack, and the stack's totals in USD per hour. */
export interface PlanCost {
  /** Sorted by name, then type; unchanged resources too, with `op: "same"`. */
  resources: ResourceCost[];
  pastHourlyCost: number;
  hourlyCost: number;
  diffHourlyCost: number;
}

/**
 * Prices a plan from its steps: each side of each resource is the sum of its components, use-based ones priced from
 * `usage` (keyed by resource name) and $0 without it; the totals cover the whole stack, unchanged resources included.
 */
export function planCost(steps: readonly PricedStep[], usage: UsageEstimate = {}): PlanCost {
  const resources = steps
    .map((step): ResourceCost => {
      const price = (components: CostComponent[] | undefined) => components && resourcePrice(applyUsage(components, usage[step.name]));
      const before = price(step.before);
      const after = price(step.after);
      return {
        op: step.op,
        type: step.type,
        name: step.name,
        ...(before ? { before } : {}),
        ...(after ? { after } : {}),
        ...(step.afterUnknown ? { afterUnknown: true } : {}),
        ...(step.lifetime ? { lifetime: step.lifetime } : {}),
        hourlyDiff: (after?.hourlyCost ?? 0) - (before?.hourlyCost ?? 0),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.type.localeCompare(b.type));
  const pastHourlyCost = sum(resources.map((resource) => resource.before?.hourlyCost ?? 0));
  const hourlyCost = sum(resources.map((resource) => resource.after?.hourlyCost ?? 0));
  return { resources, pastHourlyCost, hourlyCost, diffHourlyCost: hourlyCost - pastHourlyCost };
}

/** The resources the plan changes (not the unchanged ones). */
export function changedResources(plan: PlanCost): ResourceCost[] {
  return plan.resources.filter((resource) => resource.op !== "same");
}

/** USD per month of an hourly figure, as every monthly figure is derived. */
export function monthly(hourly: number): number {
  return hourly * HOURS_PER_MONTH;
}

/** USD per hour of some components: the sum of their `hourlyCost`. */
export function hourlyCostOf(components: readonly CostComponent[]): number {
  return sum(components.map((component) => component.hourlyCost));
}

function resourcePrice(components: CostComponent[]): ResourcePrice {
  return { hourlyCost: hourlyCostOf(components), components };
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
