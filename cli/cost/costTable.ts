import { terminalText } from "../terminalText";
import { costNotes, costRows } from "./costRows";
import type { PlanCost } from "./planCost";

const HEADER: string[][] = [
  ["Cost (USD)", "", "per hour", "", "", "per month", "", ""],
  ["Resource", "Change", "before", "after", "diff", "before", "after", "diff"],
];

/**
 * The plan's price as a terminal table: a row per changed resource, the unchanged ones, the stack's totals, in
 * $/hour and $/month (730 hours), before, after and the difference; figures right-aligned; then the notes. What comes
 * from the manifest or the catalog has its control characters replaced.
 */
export function formatCostTable(plan: PlanCost): string[] {
  const rows = [...HEADER, ...costRows(plan, terminalText).map((row) => [row.label, row.change, ...row.hourly, ...row.monthly])];
  const widths = HEADER[1]!.map((_, column) => Math.max(...rows.slice(1).map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ")
      .trimEnd();
  const [groups, ...body] = rows;
  // The group headings sit over the last of their columns, right-aligned like the figures.
  const hourlyEnd = widths.slice(0, 5).reduce((total, width) => total + width + 2, -2);
  const monthlyEnd = widths.reduce((total, width) => total + width + 2, -2);
  const groupLine = groups![0]!.padEnd(hourlyEnd - "per hour".length) + "per hour";
  return [groupLine.padEnd(monthlyEnd - "per month".length) + "per month", ...body.map(line), ...costNotes(plan, terminalText)];
}
