import { HOURS_PER_MONTH } from "../provider/cost/costComponent";
import { microUsd } from "../provider/cost/costEstimate";

/** A resource of the stack and its estimated standing cost. */
export interface PricedResource {
  /** The resource's name in the program. */
  name: string;
  /** USD per hour: its `estimatedHourlyCost` output. */
  hourlyCost: number;
}

/** A stack budget; a plan whose total is exactly at a limit passes. */
export interface StackBudget {
  /** Most the stack may cost, in USD per hour; ≥ 0. @default no hourly limit */
  maxHourlyCost?: number;
  /** Most the stack may cost, in USD per month of 730 hours; ≥ 0. @default no monthly limit */
  maxMonthlyCost?: number;
}

/**
 * The pack's config as a budget, or why it is none: each limit set must be a number of US dollars ≥ 0 (a value
 * that is not, such as the string `"5"`, is refused rather than compared as something else).
 */
export function budgetOf(config: Readonly<Record<string, unknown>>): StackBudget | string {
  const budget: StackBudget = {};
  for (const name of ["maxHourlyCost", "maxMonthlyCost"] as const) {
    const limit = config[name];
    if (limit === undefined) continue;
    if (typeof limit !== "number" || !Number.isFinite(limit) || limit < 0) {
      return `The pack's config ${name} must be a number of US dollars ≥ 0; got ${JSON.stringify(limit) ?? String(limit)}.`;
    }
    budget[name] = limit;
  }
  return budget;
}

/**
 * Why the stack is over its budget, or undefined when it is within it. Names the resources that push it over: the
 * costliest first, as many as the stack would have to lose to fit.
 */
export function overBudget(resources: readonly PricedResource[], budget: StackBudget): string | undefined {
  const total = resources.reduce((sum, resource) => sum + resource.hourlyCost, 0);
  const limit = breachedLimit(total, budget);
  if (limit === undefined) return undefined;
  const over = `The stack's estimated cost, ${usd(total)}/hour (${usd(total * HOURS_PER_MONTH)}/month), is over ${limit.name} ${limit.shown}`;
  return `${over}. Pushing it over, costliest first: ${pushingOver(resources, total - limit.hourly)
    .map((resource) => `${resource.name} (${usd(resource.hourlyCost)}/hour)`)
    .join(", ")}.`;
}

interface Limit {
  name: keyof StackBudget;
  /** The limit in USD per hour. */
  hourly: number;
  shown: string;
}

/** The tightest limit the total is over, if any; each limit is compared in its own period. */
function breachedLimit(total: number, budget: StackBudget): Limit | undefined {
  const periods = [
    { name: "maxHourlyCost", hours: 1, per: "hour" },
    { name: "maxMonthlyCost", hours: HOURS_PER_MONTH, per: "month" },
  ] as const;
  return periods
    .flatMap(({ name, hours, per }) => {
      const limit = budget[name];
      if (limit === undefined || microUsd(total * hours) <= microUsd(limit)) return [];
      return [{ name, hourly: limit / hours, shown: `${usd(limit)}/${per}` }];
    })
    .sort((a, b) => a.hourly - b.hourly)[0];
}

/** The costliest resources, in that order, until they add up to `excess` or more: without them the stack fits. */
function pushingOver(resources: readonly PricedResource[], excess: number): PricedResource[] {
  const named: PricedResource[] = [];
  let removed = 0;
  for (const resource of [...resources].sort((a, b) => b.hourlyCost - a.hourlyCost)) {
    if (microUsd(removed) >= microUsd(excess)) break;
    named.push(resource);
    removed += resource.hourlyCost;
  }
  return named;
}

function usd(amount: number): string {
  return `${amount.toFixed(amount < 10 ? 4 : 2)} USD`;
}
