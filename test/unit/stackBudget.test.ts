import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { estimatesOf, ignoredEstimatesNote } from "../../policy/estimates";
import { budgetOf, overBudget, type PricedResource, type StackBudget } from "../../policy/stackBudget";
import { repoRoot } from "../support/paths";

const trainer = { name: "trainer", hourlyCost: 3.44 }; // 4 × L40S in the secure cloud
const notebook = { name: "notebook", hourlyCost: 0.59 }; // 1 × RTX 4090
const data = { name: "data", hourlyCost: 0.191781 }; // 1000 GB of HIGH_PERFORMANCE storage at 0.14 USD per GB-month
const tenths = [0.1, 0.2].map((hourlyCost, index) => ({ name: `p${index}`, hourlyCost }));

describe("overBudget", () => {
  test.each<{ case: string; resources: PricedResource[]; budget: StackBudget; violation: string | undefined }>([
    { case: "no budget", resources: [trainer], budget: {}, violation: undefined },
    { case: "an empty stack", resources: [], budget: { maxHourlyCost: 1 }, violation: undefined },
    { case: "under the hourly limit", resources: [trainer, notebook], budget: { maxHourlyCost: 4.1 }, violation: undefined },
    { case: "exactly at the hourly limit", resources: [trainer, notebook], budget: { maxHourlyCost: 4.03 }, violation: undefined },
    // 0.1 + 0.2 is 0.30000000000000004 in floating point: still at the limit.
    { case: "at the limit, whatever floating point says", resources: tenths, budget: { maxHourlyCost: 0.3 }, violation: undefined },
    { case: "exactly at the monthly limit", resources: [trainer, notebook], budget: { maxMonthlyCost: 2941.9 }, violation: undefined },
    {
      case: "over the hourly limit by less than the cheapest resource: only the costliest is named",
      resources: [notebook, data, trainer],
      budget: { maxHourlyCost: 4 },
      violation:
        "The stack's estimated cost, 4.2218 USD/hour (3081.90 USD/month), is over maxHourlyCost 4.0000 USD/hour. " +
        "Pushing it over, costliest first: trainer (3.4400 USD/hour).",
    },
    {
      case: "over by more than the costliest: as many as the stack would have to lose",
      resources: [notebook, data, trainer],
      budget: { maxHourlyCost: 0.5 },
      violation:
        "The stack's estimated cost, 4.2218 USD/hour (3081.90 USD/month), is over maxHourlyCost 0.5000 USD/hour. " +
        "Pushing it over, costliest first: trainer (3.4400 USD/hour), notebook (0.5900 USD/hour).",
    },
    {
      case: "over the monthly limit",
      resources: [trainer, notebook],
      budget: { maxMonthlyCost: 2900 },
      violation:
        "The stack's estimated cost, 4.0300 USD/hour (2941.90 USD/month), is over maxMonthlyCost 2900.00 USD/month. " +
        "Pushing it over, costliest first: trainer (3.4400 USD/hour).",
    },
    {
      case: "a zero budget: every priced resource is named",
      resources: [trainer, notebook],
      budget: { maxHourlyCost: 0 },
      violation:
        "The stack's estimated cost, 4.0300 USD/hour (2941.90 USD/month), is over maxHourlyCost 0.0000 USD/hour. " +
        "Pushing it over, costliest first: trainer (3.4400 USD/hour), notebook (0.5900 USD/hour).",
    },
    {
      case: "losing the costliest brings it exactly to the limit: only that one is named",
      resources: [trainer, notebook, data],
      budget: { maxHourlyCost: 0.781781 },
      violation:
        "The stack's estimated cost, 4.2218 USD/hour (3081.90 USD/month), is over maxHourlyCost 0.7818 USD/hour. " +
        "Pushing it over, costliest first: trainer (3.4400 USD/hour).",
    },
    {
      case: "over both: the tighter limit is named",
      resources: [trainer, notebook],
      budget: { maxHourlyCost: 3.9, maxMonthlyCost: 365 },
      violation:
        "The stack's estimated cost, 4.0300 USD/hour (2941.90 USD/month), is over maxMonthlyCost 365.00 USD/month. " +
        "Pushing it over, costliest first: trainer (3.4400 USD/hour), notebook (0.5900 USD/hour).",
    },
  ])("$case", ({ resources, budget, violation }) => {
    expect(overBudget(resources, budget)).toBe(violation);
  });
});

describe("budgetOf", () => {
  test.each<{ case: string; config: Record<string, unknown>; budget: StackBudget | string }>([
    { case: "nothing set", config: {}, budget: {} },
    { case: "both limits", config: { maxHourlyCost: 4, maxMonthlyCost: 0 }, budget: { maxHourlyCost: 4, maxMonthlyCost: 0 } },
    {
      case: "a string",
      config: { maxHourlyCost: "5" },
      budget: `The pack's config maxHourlyCost must be a number of US dollars ≥ 0; got "5".`,
    },
    {
      case: "a negative amount",
      config: { maxMonthlyCost: -1 },
      budget: "The pack's config maxMonthlyCost must be a number of US dollars ≥ 0; got -1.",
    },
    {
      case: "null",
      config: { maxMonthlyCost: null },
      budget: "The pack's config maxMonthlyCost must be a number of US dollars ≥ 0; got null.",
    },
    {
      case: "an object",
      config: { maxHourlyCost: { usd: 5 } },
      budget: `The pack's config maxHourlyCost must be a number of US dollars ≥ 0; got {"usd":5}.`,
    },
  ])("$case", ({ config, budget }) => {
    expect(budgetOf(config)).toEqual(budget);
  });
});

describe("estimatesOf", () => {
  test("a negative estimate is left out and named; unknown and non-numeric ones are not estimates", () => {
    const estimates = estimatesOf([
      { name: "trainer", props: { estimatedHourlyCost: 3.44 } },
      { name: "refund", props: { estimatedHourlyCost: -100 } },
      { name: "pending", props: {} },
      { name: "text", props: { estimatedHourlyCost: "1" } },
      { name: "free", props: { estimatedHourlyCost: 0 } },
    ]);
    expect(estimates).toEqual({
      priced: [
        { name: "trainer", hourlyCost: 3.44 },
        { name: "free", hourlyCost: 0 },
      ],
      negative: ["refund"],
    });
    expect(ignoredEstimatesNote(estimates)).toBe(
      "Not counted in the stack's estimated cost: the estimatedHourlyCost of refund, which is below 0.",
    );
    expect(overBudget(estimates.priced, { maxHourlyCost: 3 })).toBe(
      "The stack's estimated cost, 3.4400 USD/hour (2511.20 USD/month), is over maxHourlyCost 3.0000 USD/hour. " +
        "Pushing it over, costliest first: trainer (3.4400 USD/hour).",
    );
    expect(ignoredEstimatesNote(estimatesOf([{ name: "trainer", props: { estimatedHourlyCost: 3.44 } }]))).toBeUndefined();
  });
});

test("the policy pack's version is the package's", () => {
  const version = (file: string) => (JSON.parse(fs.readFileSync(path.join(repoRoot, file), "utf8")) as { version: string }).version;
  expect(version("policy/package.json")).toBe(version("package.json"));
});
