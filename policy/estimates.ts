import type { PricedResource } from "./stackBudget";

/** A resource of the planned stack, as a stack policy sees it. */
export interface PlannedResource {
  name: string;
  props: Record<string, unknown>;
}

/** The estimates a budget counts, and the resources whose estimate it leaves out for being below 0. */
export interface StackEstimates {
  /** Every resource with a known estimate ≥ 0, whichever serving path (dynamic or native) made it. */
  priced: PricedResource[];
  /** The names of the resources whose estimate is below 0: counted, it would lower the stack's total. */
  negative: string[];
}

/** The stack's `estimatedHourlyCost` outputs: those a budget counts, and those below 0 it ignores. */
export function estimatesOf(resources: readonly PlannedResource[]): StackEstimates {
  const estimates: StackEstimates = { priced: [], negative: [] };
  for (const { name, props } of resources) {
    const hourlyCost: unknown = props["estimatedHourlyCost"];
    if (typeof hourlyCost !== "number" || !Number.isFinite(hourlyCost)) continue;
    if (hourlyCost < 0) estimates.negative.push(name);
    else estimates.priced.push({ name, hourlyCost });
  }
  return estimates;
}

/** The advisory note of the estimates {@link estimatesOf} ignored; undefined when it ignored none. */
export function ignoredEstimatesNote({ negative }: StackEstimates): string | undefined {
  if (negative.length === 0) return undefined;
  return `Not counted in the stack's estimated cost: the estimatedHourlyCost of ${negative.join(", ")}, which is below 0.`;
}
