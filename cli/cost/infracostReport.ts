import { type CostComponent, HOURS_PER_MONTH } from "../../provider/cost/costComponent";
import { decimal } from "./money";
import { hourlyCostOf, monthly, type PlanCost, type ResourceCost, type ResourcePrice } from "./planCost";

/** A cost component as Infracost's JSON writes it: quantities and money as decimal strings. */
export interface InfracostCostComponent {
  name: string;
  unit: string;
  hourlyQuantity: string;
  monthlyQuantity: string;
  price: string;
  hourlyCost: string;
  monthlyCost: string;
  usageBased: boolean;
  priceNotFound: boolean;
}

/** A resource of a breakdown. `name` is its name in the manifest, `resourceType` its type. */
export interface InfracostResource {
  name: string;
  resourceType: string;
  metadata: Record<string, unknown>;
  hourlyCost: string;
  monthlyCost: string;
  costComponents: InfracostCostComponent[];
}

export interface InfracostBreakdown {
  resources: InfracostResource[];
  totalHourlyCost: string;
  totalMonthlyCost: string;
}

/** The cost fields of `--json`, named as Infracost's JSON (version 0.2) names them. */
export interface InfracostReport {
  version: "0.2";
  currency: "USD";
  projects: Array<{
    name: string;
    metadata: { path: string; type: "computeplatform_manifest"; stack: string };
    pastBreakdown: InfracostBreakdown;
    breakdown: InfracostBreakdown;
    /** Per resource the plan changes: after less before, component by component. */
    diff: InfracostBreakdown;
  }>;
  totalHourlyCost: string;
  totalMonthlyCost: string;
  pastTotalHourlyCost: string;
  pastTotalMonthlyCost: string;
  diffTotalHourlyCost: string;
  diffTotalMonthlyCost: string;
  timeGenerated: string;
}

/**
 * The plan's price in Infracost's JSON shape, so that a policy written for Infracost output (such as a rule on
 * `diffTotalMonthlyCost`) reads it unchanged. The stack is the one project.
 * @param project the Pulumi project's name; `manifest` and `stack` go into its metadata.
 * @param now when the report is made. @default the current time
 */
export function infracostReport(
  plan: PlanCost,
  where: { project: string; manifest: string; stack: string },
  now: Date = new Date(),
): InfracostReport {
  const side = (pick: (resource: ResourceCost) => ResourcePrice | undefined) =>
    breakdown(plan.resources.flatMap((resource) => (pick(resource) ? [{ resource, components: pick(resource)!.components }] : [])));
  const diff = breakdown(
    plan.resources.filter((resource) => resource.op !== "same").map((resource) => ({ resource, components: componentDiff(resource) })),
  );
  return {
    version: "0.2",
    currency: "USD",
    projects: [
      {
        name: where.project,
        metadata: { path: where.manifest, type: "computeplatform_manifest", stack: where.stack },
        pastBreakdown: side((resource) => resource.before),
        breakdown: side((resource) => resource.after),
        diff,
      },
    ],
    ...totals("total", plan.hourlyCost),
    ...totals("pastTotal", plan.pastHourlyCost),
    ...totals("diffTotal", plan.diffHourlyCost),
    timeGenerated: now.toISOString(),
  } as InfracostReport;
}

function totals<Prefix extends string>(prefix: Prefix, hourly: number): Record<`${Prefix}HourlyCost` | `${Prefix}MonthlyCost`, string> {
  return { [`${prefix}HourlyCost`]: decimal(hourly), [`${prefix}MonthlyCost`]: decimal(monthly(hourly)) } as Record<
    `${Prefix}HourlyCost` | `${Prefix}MonthlyCost`,
    string
  >;
}

function breakdown(entries: Array<{ resource: ResourceCost; components: CostComponent[] }>): InfracostBreakdown {
  const hourly = entries.reduce((total, { components }) => total + hourlyCostOf(components), 0);
  return {
    resources: entries.map(({ resource, components }) => resourceOf(resource, components)),
    totalHourlyCost: decimal(hourly),
    totalMonthlyCost: decimal(monthly(hourly)),
  };
}

function resourceOf(resource: ResourceCost, components: CostComponent[]): InfracostResource {
  const hourly = hourlyCostOf(components);
  return {
    name: resource.name,
    resourceType: resource.type,
    metadata: {},
    hourlyCost: decimal(hourly),
    monthlyCost: decimal(monthly(hourly)),
    costComponents: components.map(infracostComponent),
  };
}

function infracostComponent(component: CostComponent): InfracostCostComponent {
  return {
    name: component.name,
    unit: component.unit,
    hourlyQuantity: decimal(component.hourlyQuantity),
    monthlyQuantity: decimal(component.hourlyQuantity * HOURS_PER_MONTH),
    price: decimal(component.price),
    hourlyCost: decimal(component.hourlyCost),
    monthlyCost: decimal(monthly(component.hourlyCost)),
    usageBased: component.usageBased,
    priceNotFound: component.priceNotFound,
  };
}

/** After less before for each component (matched by name and unit); one only on one side counts from zero. */
function componentDiff(resource: ResourceCost): CostComponent[] {
  const key = (component: CostComponent) => `${component.name}\u0000${component.unit}`;
  const before = new Map((resource.before?.components ?? []).map((component) => [key(component), component]));
  const after = resource.after?.components ?? [];
  const matched = after.map((component) => {
    const old = before.get(key(component));
    before.delete(key(component));
    return old === undefined
      ? component
      : {
          ...component,
          hourlyQuantity: component.hourlyQuantity - old.hourlyQuantity,
          hourlyCost: component.hourlyCost - old.hourlyCost,
        };
  });
  const removed = [...before.values()].map((old) => ({ ...old, hourlyQuantity: -old.hourlyQuantity, hourlyCost: -old.hourlyCost }));
  return [...matched, ...removed];
}
