import { z } from "zod";
import { microUsd } from "../../provider/cost/costEstimate";
import { UserError } from "../../provider/errors";
import type { ManifestBudget } from "../../provider/manifest";
import { dollars } from "./money";
import { terminalText } from "../terminalText";
import { unpricedParts } from "./costRows";
import type { Quote } from "./quote";
import { placedResources } from "./placedResources";
import { monthly, type PlanCost, type ResourceCost } from "./planCost";

/** The periods a budget can be set in: USD per hour, or per month of 730 hours. */
export type CostPeriod = "hourly" | "monthly";

/** A stack budget: the most the whole stack may cost once the plan is applied, per period (the manifest's shape). */
export type Budget = ManifestBudget;

/** One limit in force, and where it was set (for the message that cites it). */
export interface BudgetLimit {
  period: CostPeriod;
  /** USD per hour or per month, ≥ 0. */
  amount: number;
  /** `--max-monthly-cost`, `stack config computeplatform:maxMonthlyCost` or `manifest budget.maxMonthlyCost`. */
  source: string;
}

/** Exit code of `preview` and `up` when the plan is over a budget; `up` has then created nothing. */
export const OVER_BUDGET_EXIT_CODE = 3;

/** The flag, stack config key and manifest field of each period. */
export const budgetSettings: Record<CostPeriod, { flag: string; configKey: string; field: keyof Budget }> = {
  hourly: { flag: "max-hourly-cost", configKey: "computeplatform:maxHourlyCost", field: "maxHourlyCost" },
  monthly: { flag: "max-monthly-cost", configKey: "computeplatform:maxMonthlyCost", field: "maxMonthlyCost" },
};

const amountSchema = z.number().finite().nonnegative();

/**
 * A budget amount written as text (a flag's or a stack config value), refused unless it is a number ≥ 0.
 * @param where what the message names, e.g. `--max-monthly-cost` or `stack config computeplatform:maxMonthlyCost`.
 */
export function parseBudgetAmount(text: string, where: string): number {
  const amount = text.trim() === "" ? Number.NaN : Number(text);
  if (!amountSchema.safeParse(amount).success) throw new UserError(`${where} must be a number of US dollars ≥ 0; got "${text}"`);
  return amount;
}

/**
 * The limits in force, one per period at most: per period the flag wins over the stack's config, which wins over
 * the manifest (a stack may be given more, or less, than the manifest's default).
 */
export function budgetLimits(sources: { flags?: Budget; stackConfig?: Budget; manifest?: Budget }): BudgetLimit[] {
  return (Object.keys(budgetSettings) as CostPeriod[]).flatMap((period): BudgetLimit[] => {
    const { flag, configKey, field } = budgetSettings[period];
    const found = (
      [
        [sources.flags?.[field], `--${flag}`],
        [sources.stackConfig?.[field], `stack config ${configKey}`],
        [sources.manifest?.[field], `manifest budget.${field}`],
      ] as const
    ).find(([amount]) => amount !== undefined);
    return found ? [{ period, amount: found[0]!, source: found[1] }] : [];
  });
}

/**
 * A limit the plan goes over: the stack's total in that period, and the resources that push it up, largest first.
 * Or a limit that could not be checked: the parts with no price, when what has a price stays within it.
 */
export interface BudgetBreach {
  limit: BudgetLimit;
  total: number;
  resources: ResourceCost[];
  /** The parts the plan leaves with no price, as `Pod trainer (GPU (…))`, when the limit could not be checked; else empty. */
  unpriced: string[];
  /** The plan prices resources with `placement` at the configurations a create would choose now. */
  placed: boolean;
}

/**
 * The limits the plan's total goes over; exactly at a limit passes. Totals are compared to a millionth of a dollar.
 * A part with no price (an id the catalog does not know) counts as unknown, not $0: a limit the priced parts stay
 * within could not be checked, and is a breach naming those parts. A resource with `placement` counts at the
 * configuration a create would choose now (its estimate), which is never dearer than its dearest acceptable one: a
 * plan whose every acceptable configuration fits always passes.
 */
export function budgetBreaches(plan: PlanCost, limits: readonly BudgetLimit[]): BudgetBreach[] {
  const total = (period: CostPeriod) => (period === "hourly" ? plan.hourlyCost : monthly(plan.hourlyCost));
  const increases = plan.resources.filter((resource) => microUsd(resource.hourlyDiff) > 0).sort((a, b) => b.hourlyDiff - a.hourlyDiff);
  const unpriced = unpricedParts(plan);
  const placed = placedResources(plan).length > 0;
  return limits.flatMap((limit) => {
    const over = microUsd(total(limit.period)) > microUsd(limit.amount);
    if (!over && unpriced.length === 0) return [];
    return [{ limit, total: total(limit.period), resources: over ? increases : [], unpriced: over ? [] : unpriced, placed }];
  });
}

/**
 * `Over budget: the stack would cost $4,613.60/month, more than the $3,000.00/month of --max-monthly-cost.` and
 * one line per resource that adds to it: `  Pod trainer +$2,306.80/month`. Or, for a limit that could not be
 * checked, `Budget not checked: no price for Pod trainer (GPU (…)), …`. For a terminal: what comes from the
 * manifest or the catalog has its control characters replaced.
 */
export function formatBreach(breach: BudgetBreach): string[] {
  return breachLines(breach, terminalText);
}

/**
 * The lines of {@link formatBreach}, with the manifest's names and the catalog's ids written by `quote`.
 * @param quote how they are escaped for where the lines go.
 */
export function breachLines(breach: BudgetBreach, quote: Quote): string[] {
  const unit = breach.limit.period === "hourly" ? "hour" : "month";
  const places = breach.limit.period === "hourly" ? 4 : 2;
  const inPeriod = (hourly: number) => (breach.limit.period === "hourly" ? hourly : monthly(hourly));
  const limit = `$${dollars(breach.limit.amount, places)}/${unit} of ${breach.limit.source}`;
  if (breach.unpriced.length > 0) {
    return [
      `Budget not checked: no price for ${breach.unpriced.map(quote).join(", ")}, so the stack's cost is unknown; ` +
        `the parts with a price come to $${dollars(breach.total, places)}/${unit}, against the ${limit}.`,
    ];
  }
  const labels = breach.resources.map((resource) => quote(`${resource.type} ${resource.name}`));
  const width = Math.max(...labels.map((label) => label.length));
  return [
    `Over budget: the stack would cost $${dollars(breach.total, places)}/${unit}${breach.placed ? " at the configurations placement would choose now" : ""}, more than the ${limit}.`,
    ...breach.resources.map(
      (resource, index) => `  ${labels[index]!.padEnd(width)}  +$${dollars(inPeriod(resource.hourlyDiff), places)}/${unit}`,
    ),
  ];
}
