import type { EngineEvent, OpType } from "@pulumi/pulumi/automation";
import { z } from "zod";
import { containsUnknown } from "../../provider/values/unknown";
import { isUserResource, resourceIdentity } from "../../automation/progress";
import type { CostComponent } from "../../provider/cost/costComponent";
import { plannedOperations } from "../plan";
import { lifetimeBound } from "./lifetimeBound";
import type { PricedStep } from "./planCost";

const costComponentSchema: z.ZodType<CostComponent> = z.object({
  name: z.string(),
  unit: z.string(),
  hourlyQuantity: z.number(),
  price: z.number(),
  hourlyCost: z.number(),
  usageBased: z.boolean(),
  priceNotFound: z.boolean(),
  source: z.string(),
  placement: z.object({ configuration: z.string(), lowestHourlyCost: z.number(), highestHourlyCost: z.number() }).optional(),
});

const costBreakdownSchema = z.array(costComponentSchema);

/**
 * The cost components a resource's outputs carry (`costBreakdown`), or undefined when they carry none: a kind that
 * is not priced, state written before prices were, or a price not known until deployment (an unknown value).
 */
export function costComponentsOf(outputs: Record<string, unknown> | undefined): CostComponent[] | undefined {
  const parsed = costBreakdownSchema.safeParse(outputs?.costBreakdown);
  return parsed.success ? parsed.data : undefined;
}

const pricedOps: readonly OpType[] = [...plannedOperations, "same"];

/**
 * Collects the priced resources of a preview (or an update) from its engine events: each resource's operation from
 * its step, its components before from the state's outputs, and after from the outputs the step produces (at preview,
 * those the provider's `check` computed). Only resources priced on some side are kept.
 */
export function pricedStepCollector(): { onEvent(event: EngineEvent): void; steps(): PricedStep[] } {
  const steps = new Map<string, PricedStep>();
  const stepOf = (type: string, urn: string): PricedStep => {
    let step = steps.get(urn);
    if (step === undefined) steps.set(urn, (step = { op: "same", ...resourceIdentity(type, urn) }));
    return step;
  };
  return {
    onEvent(event) {
      // A replace also reports its halves (create-replacement, delete-replaced), and `--refresh` its reads; the plan's
      // own step carries the state before it, and the outputs of its halves the price after.
      const pre = event.resourcePreEvent?.metadata;
      if (pre && isUserResource(pre.type) && pricedOps.includes(pre.op)) {
        const step = stepOf(pre.type, pre.urn);
        step.op = pre.op as PricedStep["op"];
        const before = costComponentsOf(pre.old?.outputs);
        if (before) step.before = before;
        const bound = lifetimeBound(pre.new?.inputs ?? pre.old?.inputs, pre.old?.outputs, Date.now());
        if (bound) step.lifetime = bound;
      }
      const done = event.resOutputsEvent?.metadata;
      if (done && isUserResource(done.type) && !["delete", "delete-replaced", "refresh", "read"].includes(done.op)) {
        const after = costComponentsOf(done.new?.outputs);
        if (after) stepOf(done.type, done.urn).after = after;
        else if (containsUnknown(done.new?.outputs?.costBreakdown)) stepOf(done.type, done.urn).afterUnknown = true;
      }
    },
    steps: () =>
      [...steps.values()]
        .filter((step) => step.before !== undefined || step.after !== undefined || step.afterUnknown)
        // A deleted resource has no after; an unchanged one costs the same after.
        .map((step) =>
          step.op === "delete" ? withoutAfter(step) : step.op === "same" && !step.after ? { ...step, after: step.before! } : step,
        ),
  };
}

function withoutAfter(step: PricedStep): PricedStep {
  const { after: _after, ...rest } = step;
  return rest;
}
