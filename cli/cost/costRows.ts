import { overriddenStorageTable } from "../../provider/cost/storageTable";
import { dollars } from "./money";
import { placementNotes } from "./placedResources";
import { asItIs, type Quote } from "./quote";
import { changedResources, monthly, type PlanCost, type ResourceCost } from "./planCost";

/** The figures of one row of a plan's price, formatted for a person: $/hour to 4 places, $/month to 2. */
export interface CostRow {
  /** `Pod trainer`, `2 unchanged` or `Stack total`. */
  label: string;
  /** The plan's operation; empty on the summary rows. */
  change: string;
  hourly: [before: string, after: string, diff: string];
  monthly: [before: string, after: string, diff: string];
}

/**
 * The rows a table of the plan's price shows: each changed resource, one row for the unchanged ones when there
 * are any, and the stack's totals. A side that does not exist (before a create, after a delete) reads `-`; a price
 * not known until deployment reads `?`.
 * @param quote how the labels write the manifest's names. @default as they are
 */
export function costRows(plan: PlanCost, quote: Quote = asItIs): CostRow[] {
  const unchanged = plan.resources.filter((resource) => resource.op === "same");
  const unchangedHourly = unchanged.reduce((total, resource) => total + (resource.after?.hourlyCost ?? 0), 0);
  return [
    ...changedResources(plan).map((resource) => resourceRow(resource, quote)),
    ...(unchanged.length > 0 ? [figures(`${unchanged.length} unchanged`, "", unchangedHourly, unchangedHourly)] : []),
    figures("Stack total", "", plan.pastHourlyCost, plan.hourlyCost),
  ];
}

function resourceRow(resource: ResourceCost, quote: Quote): CostRow {
  const row = figures(
    quote(`${resource.type} ${resource.name}`),
    resource.op,
    resource.before?.hourlyCost ?? 0,
    resource.after?.hourlyCost ?? 0,
  );
  if (resource.before === undefined) [row.hourly[0], row.monthly[0]] = ["-", "-"];
  if (resource.after === undefined) [row.hourly[1], row.monthly[1]] = ["-", "-"];
  if (resource.afterUnknown) {
    row.hourly.splice(1, 2, "?", "?");
    row.monthly.splice(1, 2, "?", "?");
  }
  return row;
}

function figures(label: string, change: string, before: number, after: number): CostRow {
  return {
    label,
    change,
    hourly: [dollars(before, 4), dollars(after, 4), dollars(after - before, 4, true)],
    monthly: [dollars(monthly(before), 2), dollars(monthly(after), 2), dollars(monthly(after) - monthly(before), 2, true)],
  };
}

/**
 * Notes under the figures: use-based parts priced at $0 for want of a usage estimate, parts with no price (not
 * counted, so that the totals are only at least what they show), parts priced from a storage table the user set
 * rather than the defaults, resources whose price is not known until deployment, and the resources priced at
 * the configuration placement would choose now.
 * @param quote how the notes write the manifest's names and the catalog's ids. @default as they are
 */
export function costNotes(plan: PlanCost, quote: Quote = asItIs): string[] {
  const sides = plan.resources.flatMap(
    (resource) => (resource.after ?? resource.before)?.components.map((component) => ({ resource, component })) ?? [],
  );
  const unknown = plan.resources.filter((resource) => resource.afterUnknown);
  const unestimated = sides.filter(({ component }) => component.usageBased && component.hourlyQuantity === 0);
  const unpriced = sides.filter(({ component }) => component.priceNotFound);
  const tables = [...new Set(sides.map(({ component }) => component.source).filter(overriddenStorageTable))];
  const list = (entries: typeof sides) =>
    entries.map(({ resource, component }) => quote(`${resource.type} ${resource.name} (${component.name})`)).join(", ");
  return [
    ...(unestimated.length > 0 ? [`Use-based parts at $0, for want of a usage estimate (--usage-file): ${list(unestimated)}.`] : []),
    ...(unpriced.length > 0 ? [`No price found, not counted (the totals are at least what they show): ${list(unpriced)}.`] : []),
    ...tables.map(
      (table) => `Priced from ${table}, not the defaults: ${list(sides.filter(({ component }) => component.source === table))}.`,
    ),
    ...(unknown.length > 0
      ? [`Not known until deployment, not counted: ${unknown.map((resource) => quote(`${resource.type} ${resource.name}`)).join(", ")}.`]
      : []),
    ...placementNotes(plan, quote),
    ...plan.resources.flatMap(({ type, name, after, lifetime }) =>
      after === undefined || lifetime === undefined
        ? []
        : [
            `${quote(`${type} ${name}`)}: at most $${(after.hourlyCost * lifetime.hours).toFixed(2)} before it ${lifetime.ending === "stop" ? "stops" : "is terminated"} (${lifetime.hours.toFixed(1)} h at $${after.hourlyCost.toFixed(4)}/h).`,
          ],
    ),
  ];
}

/** The parts the plan leaves in the stack that have no price, as `Pod trainer (GPU (…))`; their cost is unknown. */
export function unpricedParts(plan: PlanCost, quote: Quote = asItIs): string[] {
  return plan.resources.flatMap((resource) =>
    (resource.after?.components ?? [])
      .filter((component) => component.priceNotFound)
      .map((component) => quote(`${resource.type} ${resource.name} (${component.name})`)),
  );
}
