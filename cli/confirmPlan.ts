import { changedResources, type PlanCost } from "./cost/planCost";
import { formatCostTable } from "./cost/costTable";
import { askYesNo } from "./askYesNo";
import { formatChange, formatSummary, type Plan } from "./plan";

/** Exit code of `up` and `destroy` when the plan they showed was not confirmed: nothing was changed. */
export const NOT_CONFIRMED_EXIT_CODE = 1;

/**
 * Whether `up` or `destroy` shows its plan and asks before acting: in a terminal (stdin and stdout both), unless
 * `--yes` says to act at once or `--json` asks for a machine's output. Without a terminal (CI, a pipe) it acts.
 */
export function asksFirst(
  options: { yes: boolean; json: boolean },
  terminal = Boolean(process.stdin.isTTY && process.stdout.isTTY),
): boolean {
  return terminal && !options.yes && !options.json;
}

/**
 * Shows the plan (its changes, its summary and, when it prices them, its cost table) and asks `question`; true to go
 * on. A plan with no changes is not asked about. A no says that nothing was changed.
 */
export async function confirmPlan(
  question: string,
  plan: Plan,
  cost: PlanCost | undefined,
  out: (line: string) => void,
  ask: (question: string) => Promise<boolean> = (text) => askYesNo(text),
): Promise<boolean> {
  if (plan.changes.length === 0) return true;
  for (const change of plan.changes) out(`  ${formatChange(change)}`);
  out(`Plan: ${formatSummary(plan)}`);
  if (cost && changedResources(cost).length > 0) for (const line of formatCostTable(cost)) out(line);
  if (await ask(question)) return true;
  out("Nothing was changed.");
  return false;
}
