import { PolicyPack } from "@pulumi/policy";
import { estimatesOf, ignoredEstimatesNote } from "./estimates";
import { budgetOf, overBudget } from "./stackBudget";

/**
 * The policy pack `pulumi preview --policy-pack node_modules/pulumi-computeplatform/policy` runs: a mandatory stack
 * policy that fails the plan when the stack's estimated standing cost is over the budget in the pack's config, and an
 * advisory one that names the estimates the budget ignores (docs/cost-policy.md).
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
        const budget = budgetOf(args.getConfig<Record<string, unknown>>());
        const violation = typeof budget === "string" ? budget : overBudget(estimatesOf(args.resources).priced, budget);
        if (violation !== undefined) reportViolation(violation);
      },
    },
    {
      name: "estimates-counted",
      description: "Every resource's estimatedHourlyCost counts in the stack budget; one below 0 does not.",
      enforcementLevel: "advisory",
      validateStack: (args, reportViolation) => {
        const note = ignoredEstimatesNote(estimatesOf(args.resources));
        if (note !== undefined) reportViolation(note);
      },
    },
  ],
});
