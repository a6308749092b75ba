import { UserError } from "../../provider/errors";
import { type Budget, budgetSettings, type CostPeriod, OVER_BUDGET_EXIT_CODE, parseBudgetAmount } from "./budget";

/** The cost options of `preview` and `up`. */
export interface CostOptions {
  /** The budget given by flags (`--max-hourly-cost`, `--max-monthly-cost`). */
  flags: Budget;
  /** A usage file pricing use-based parts (see `readUsageFile`). */
  usageFile?: string;
  /** Print the plan and its price as Markdown for a pull-request comment (preview). @default false */
  markdown: boolean;
}

const periods = Object.keys(budgetSettings) as CostPeriod[];

/** The `parseArgs` options of {@link CostOptions} but `markdown`, which only `preview` takes. */
export const costArgOptions = {
  "max-hourly-cost": { type: "string" },
  "max-monthly-cost": { type: "string" },
  "usage-file": { type: "string" },
} as const;

/** {@link CostOptions} from parsed arguments; `--markdown` and `--json` exclude each other. */
export function parseCostOptions(values: Record<string, unknown>): CostOptions {
  const markdown = (values.markdown as boolean | undefined) ?? false;
  if (markdown && values.json) throw new UserError("--markdown and --json exclude each other");
  const flags: Budget = {};
  for (const period of periods) {
    const { flag, field } = budgetSettings[period];
    if (values[flag] !== undefined) flags[field] = parseBudgetAmount(values[flag] as string, `--${flag}`);
  }
  return { flags, markdown, ...(values["usage-file"] === undefined ? {} : { usageFile: values["usage-file"] as string }) };
}

/** The budget a stack's config sets (`computeplatform:maxHourlyCost`, `computeplatform:maxMonthlyCost`). */
export function stackConfigBudget(config: Record<string, { value: string }>): Budget {
  const budget: Budget = {};
  for (const period of periods) {
    const { configKey, field } = budgetSettings[period];
    const entry = config[configKey];
    if (entry !== undefined) budget[field] = parseBudgetAmount(entry.value, `stack config ${configKey}`);
  }
  return budget;
}

/** The `--help` lines of the cost options. */
export function costHelp(operation: "preview" | "up"): string {
  const stops =
    operation === "up"
      ? "With a budget, up previews first\n                        and creates nothing when over it."
      : "The plan fails when over it.";
  return `
  --max-hourly-cost N   Budget: the most the whole stack may cost per hour once the plan is
                        applied, in USD. Exactly at the limit passes. ${stops}
                        Exit ${OVER_BUDGET_EXIT_CODE} when over budget, naming the resources that add to the cost.
  --max-monthly-cost N  Budget per month (730 hours). Both can also be set in stack config
                        (computeplatform:maxHourlyCost, computeplatform:maxMonthlyCost) or in the
                        manifest (budget: {maxHourlyCost, maxMonthlyCost}); per period the flag wins
                        over stack config, which wins over the manifest.
  --usage-file FILE     Expected use per month of use-based parts (serverless requests), which are
                        priced at $0 without it: version: 0.1, then
                        resource_usage: {<resource name>: {<unit>: <units per month>}}.${
                          operation === "preview"
                            ? `
  --markdown            Print the plan and its price as Markdown for a pull-request comment
                        (progress goes to stderr).`
                            : ""
                        }`;
}
