import type { PlannedChange } from "../plan";
import { formatChange } from "../plan";
import { type BudgetBreach, breachLines } from "./budget";
import { costNotes, costRows } from "./costRows";
import { codeBlock, markdownText } from "./markdownText";
import { dollars } from "./money";
import { monthly, type PlanCost } from "./planCost";

/**
 * The plan and its price as Markdown for a pull-request comment: a heading with the change in $/month, the cost
 * table, the budget verdict when one is set, and the plan's changes in a collapsed block. Every string from the
 * manifest or the catalog is escaped (`markdownText`), so that it reads as the text it is.
 * @param breaches the budget limits the plan goes over; undefined when no budget is set.
 */
export function formatCostMarkdown(plan: PlanCost, changes: readonly PlannedChange[], breaches?: readonly BudgetBreach[]): string {
  const diff = monthly(plan.diffHourlyCost);
  const lines = [
    `### Compute Platform cost: ${dollars(diff, 2, true).replace(/^([+−]?)/, "$1$")}/month`,
    "",
    `The stack would cost **$${dollars(monthly(plan.hourlyCost), 2)}/month** ($${dollars(plan.hourlyCost, 4)}/hour), ` +
      `from $${dollars(monthly(plan.pastHourlyCost), 2)}/month.`,
    "",
    "| Resource | Change | $/hour before | $/hour after | $/hour diff | $/month before | $/month after | $/month diff |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...costRows(plan, markdownText).map((row) => `| ${[row.label, row.change, ...row.hourly, ...row.monthly].join(" | ")} |`),
    ...costNotes(plan, markdownText).flatMap((note) => ["", note]),
  ];
  if (breaches !== undefined) {
    lines.push("", ...(breaches.length === 0 ? ["**Within budget.**"] : breaches.flatMap(breachMarkdown)));
  }
  lines.push("", "<details><summary>Plan</summary>", "", ...codeBlock(changes.map(formatChange)), "", "</details>");
  return `${lines.join("\n")}\n`;
}

/** The headline in bold, then the resources as a list. */
function breachMarkdown(breach: BudgetBreach): string[] {
  const [headline, ...resources] = breachLines(breach, markdownText);
  return [`**${headline}**`, ...(resources.length > 0 ? [""] : []), ...resources.map((line) => `- ${line.trim().replace(/ {2,}/, " ")}`)];
}
