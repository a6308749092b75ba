import { PolicyPack } from "@pulumi/policy";
import { overBudget, type PricedResource, type StackBudget } from "./stackBudget";

/**
 * The policy pack `pulumi preview --policy-pack node_modules/pulumi-computeplatform/policy` runs: a mandatory stack
 * policy that fails the plan when the stack's estimated standing cost is over the budget in the pack's config
 * (docs/cost-policy.md).
 */
new PolicyPack("computeplatform-cost", {
  policies: [
    {
      name: "stack-budget",
      description: "The stack's estimated cost (the sum of its resources' estimatedHourlyCost) stays within its budget.",
      enforcementLevel: "mandatory",
      configSchema: {
        properties: {
          maxHourlyCost: { type: "number", minimum: 0, description: "Most the stack may cost, in USD per hour." },
          maxMonthlyCost: { type: "number", minimum: 0, description: "Most the stack may cost, in USD per month of 730 hours." },
        },
      },
      validateStack: (args, reportViolation) => {
        // Every resource with a known estimate counts, whichever serving path (dynamic or native) made it.
        const priced: PricedResource[] = args.resources.flatMap((resource) => {
          const hourlyCost: unknown = resource.props["estimatedHourlyCost"];
          return typeof hourlyCost === "number" && Number.isFinite(hourlyCost) ? [{ name: resource.name, hourlyCost }] : [];
        });
        const violation = overBudget(priced, args.getConfig<StackBudget>());
        if (violation !== undefined) reportViolation(violation);
      },
    },
  ],
});
