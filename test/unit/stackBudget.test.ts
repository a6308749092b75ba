import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { overBudget, type PricedResource, type StackBudget } from "../../policy/stackBudget";
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

test("the policy pack's version is the package's", () => {
  const version = (file: string) => (JSON.parse(fs.readFileSync(path.join(repoRoot, file), "utf8")) as { version: string }).version;
  expect(version("policy/package.json")).toBe(version("package.json"));
});
