// The plan's price without the engine: pricing the steps, the terminal table, the budget, the usage estimate,
// the Markdown comment, and the Infracost-shaped JSON (validated with ajv, read by a JSON-logic policy).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import Ajv from "ajv";
import * as fc from "fast-check";
import jsonLogic, { type RulesLogic } from "json-logic-js";
import { describe, expect, it } from "vitest";
import { budgetBreaches, budgetLimits, formatBreach, parseBudgetAmount } from "../../cli/cost/budget";
import { formatCostMarkdown } from "../../cli/cost/costMarkdown";
import { parseCostOptions, stackConfigBudget } from "../../cli/cost/costOptions";
import { formatCostTable } from "../../cli/cost/costTable";
import { infracostReport } from "../../cli/cost/infracostReport";
import { decimal, dollars } from "../../cli/cost/money";
import { monthly, planCost, type PricedStep } from "../../cli/cost/planCost";
import { readUsageFile } from "../../cli/cost/usage";
import { changedInputs } from "../../cli/plan";
import { pricedStepCollector } from "../../cli/cost/pricedSteps";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import type { CostComponent } from "../../provider/cost/costComponent";
import { UNKNOWN } from "../../provider/values/unknown";
import { repoRoot } from "../support/paths";

const L40S_SECURE = 0.86;
const STORAGE_PER_GB_MONTH = 0.07;
const WORKER_SECOND = 0.00031;

const gpu = (count: number, price = L40S_SECURE): CostComponent => ({
  name: "GPU (NVIDIA L40S, secure cloud)",
  unit: "GPU-hours",
  hourlyQuantity: count,
  price,
  hourlyCost: count * price,
  usageBased: false,
  priceNotFound: false,
  source: "catalog: NVIDIA L40S secure price",
});
const storage = (gb: number): CostComponent => ({
  name: "Network volume storage (STANDARD)",
  unit: "GB-months",
  hourlyQuantity: gb / 730,
  price: STORAGE_PER_GB_MONTH,
  hourlyCost: (gb * STORAGE_PER_GB_MONTH) / 730,
  usageBased: false,
  priceNotFound: false,
  source: "storage table (default)",
});
const requests: CostComponent = {
  name: "Flex workers",
  unit: "worker-seconds",
  hourlyQuantity: 0,
  price: WORKER_SECOND,
  hourlyCost: 0,
  usageBased: true,
  priceNotFound: false,
  source: "catalog: serverless flex price",
};

/** A stack of a pod scaled 1 → 4 GPUs, a volume deleted, an endpoint created and a pod left as it is. */
const steps: PricedStep[] = [
  { op: "update", type: "Pod", name: "trainer", before: [gpu(1)], after: [gpu(4)] },
  { op: "delete", type: "NetworkVolume", name: "scratch", before: [storage(100)] },
  { op: "create", type: "ServerlessEndpoint", name: "api", after: [requests] },
  { op: "same", type: "Pod", name: "notebook", before: [gpu(1)], after: [gpu(1)] },
];

describe("planCost", () => {
  it.each([
    { case: "create", step: { op: "create", type: "Pod", name: "p", after: [gpu(2)] }, before: undefined, after: 1.72, diff: 1.72 },
    {
      case: "update ×4",
      step: { op: "update", type: "Pod", name: "p", before: [gpu(1)], after: [gpu(4)] },
      before: 0.86,
      after: 3.44,
      diff: 2.58,
    },
    {
      case: "replace: another GPU type",
      step: { op: "replace", type: "Pod", name: "p", before: [gpu(1)], after: [gpu(1, 2.39)] },
      before: 0.86,
      after: 2.39,
      diff: 1.53,
    },
    {
      case: "delete",
      step: { op: "delete", type: "NetworkVolume", name: "v", before: [storage(730)] },
      before: 0.07, // 730 GB at $0.07 per GB-month is $51.10 a month

      after: undefined,
      diff: -0.07,
    },
    { case: "same", step: { op: "same", type: "Pod", name: "p", before: [gpu(1)], after: [gpu(1)] }, before: 0.86, after: 0.86, diff: 0 },
  ] as Array<{ case: string; step: PricedStep; before?: number; after?: number; diff: number }>)(
    "$case",
    ({ step, before, after, diff }) => {
      const [resource] = planCost([step]).resources;
      if (before === undefined) expect(resource?.before).toBeUndefined();
      else expect(resource?.before?.hourlyCost).toBeCloseTo(before, 10);
      if (after === undefined) expect(resource?.after).toBeUndefined();
      else expect(resource?.after?.hourlyCost).toBeCloseTo(after, 10);
      expect(resource?.hourlyDiff).toBeCloseTo(diff, 10);
    },
  );

  it("totals the whole stack, unchanged resources included, and sorts resources by name", () => {
    const plan = planCost(steps);
    expect(plan.resources.map((resource) => `${resource.op} ${resource.name}`)).toEqual(
      ["create api", "same notebook", "update trainer", "delete scratch"].sort((a, b) => a.split(" ")[1]!.localeCompare(b.split(" ")[1]!)),
    );
    expect(plan.pastHourlyCost).toBeCloseTo(0.86 + 0.86 + 7 / 730, 12);
    expect(plan.hourlyCost).toBeCloseTo(0.86 * 4 + 0.86, 12);
    expect(plan.diffHourlyCost).toBeCloseTo(plan.hourlyCost - plan.pastHourlyCost, 12);
  });

  it("the stack's difference is the sum of the resources' differences, whatever the steps", () => {
    const component = fc.record({ count: fc.integer({ min: 0, max: 8 }), price: fc.double({ min: 0, max: 50, noNaN: true }) });
    const step = fc.record({
      op: fc.constantFrom("create" as const, "update" as const, "replace" as const, "delete" as const, "same" as const),
      name: fc.string({ minLength: 1, maxLength: 5 }),
      before: fc.array(component, { maxLength: 3 }),
      after: fc.array(component, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 8 }), (drawn) => {
        const plan = planCost(
          drawn.map(({ op, name, before, after }) => ({
            op,
            type: "Pod",
            name,
            ...(op === "create" ? {} : { before: before.map(({ count, price }) => gpu(count, price)) }),
            ...(op === "delete" ? {} : { after: after.map(({ count, price }) => gpu(count, price)) }),
          })),
        );
        const diffs = plan.resources.reduce((total, resource) => total + resource.hourlyDiff, 0);
        expect(plan.diffHourlyCost).toBeCloseTo(diffs, 6);
        expect(plan.resources.filter((resource) => resource.op === "create").every((resource) => resource.before === undefined)).toBe(true);
      }),
    );
  });
});

describe("the priced steps of a preview's engine events", () => {
  // The shape of the engine's events (the e2e suites see the real ones): one before each step, one with its outputs.
  const urn = (type: string, name: string) => `urn:pulumi:dev::p::pulumi-nodejs:dynamic/computeplatform:${type}::${name}`;
  const state = (components?: CostComponent[]) => ({ outputs: components ? { costBreakdown: components } : {} });
  const pre = (op: string, type: string, name: string, old?: CostComponent[]) =>
    ({
      resourcePreEvent: { metadata: { op, type: `computeplatform:${type}`, urn: urn(type, name), ...(old ? { old: state(old) } : {}) } },
    }) as unknown as EngineEvent;
  const outputs = (op: string, type: string, name: string, after: unknown) =>
    ({
      resOutputsEvent: {
        metadata: { op, type: `computeplatform:${type}`, urn: urn(type, name), new: { outputs: { costBreakdown: after } } },
      },
    }) as unknown as EngineEvent;

  it("takes before from the plan's step and after from its outputs, skips --refresh reads, and notes unknown prices", () => {
    const collector = pricedStepCollector();
    [
      pre("refresh", "Pod", "trainer", [gpu(9)]),
      outputs("refresh", "Pod", "trainer", [gpu(9)]),
      pre("replace", "Pod", "trainer", [gpu(1)]),
      pre("create-replacement", "Pod", "trainer", [gpu(1)]),
      outputs("create-replacement", "Pod", "trainer", [gpu(4)]),
      pre("delete", "NetworkVolume", "scratch", [storage(100)]),
      outputs("delete", "NetworkVolume", "scratch", [storage(100)]),
      pre("same", "Pod", "notebook", [gpu(1)]),
      pre("create", "Pod", "later"),
      outputs("create", "Pod", "later", UNKNOWN),
      pre("create", "Template", "unpriced"),
      outputs("create", "Template", "unpriced", undefined),
    ].forEach((event) => collector.onEvent(event));
    expect(collector.steps()).toEqual([
      { op: "replace", type: "Pod", name: "trainer", before: [gpu(1)], after: [gpu(4)] },
      { op: "delete", type: "NetworkVolume", name: "scratch", before: [storage(100)] },
      { op: "same", type: "Pod", name: "notebook", before: [gpu(1)], after: [gpu(1)] },
      { op: "create", type: "Pod", name: "later", afterUnknown: true },
    ]);
  });
});

describe("an update's causes", () => {
  it("are the inputs that differ, not the cost outputs check adds to them", () => {
    const olds = { size: 50, __provider: "p", estimatedHourlyCost: 0.004795, costBreakdown: [storage(50)] };
    const news = { size: 60, __provider: "p", estimatedHourlyCost: 0.005753, costBreakdown: [storage(60)] };
    expect(changedInputs(olds, news)).toEqual(["size"]);
  });
});

describe("the terminal table", () => {
  it("shows each change before, after and the difference per hour and per month, the unchanged ones, the totals and the notes", () => {
    expect(formatCostTable(planCost(steps))).toEqual([
      "Cost (USD)                                     per hour                      per month",
      "Resource                Change  before   after     diff    before     after       diff",
      "ServerlessEndpoint api  create       -  0.0000   0.0000         -      0.00       0.00",
      "NetworkVolume scratch   delete  0.0096       -  −0.0096      7.00         -      −7.00",
      "Pod trainer             update  0.8600  3.4400  +2.5800    627.80  2,511.20  +1,883.40",
      "1 unchanged                     0.8600  0.8600   0.0000    627.80    627.80       0.00",
      "Stack total                     1.7296  4.3000  +2.5704  1,262.60  3,139.00  +1,876.40",
      "Use-based parts at $0, for want of a usage estimate (--usage-file): ServerlessEndpoint api (Flex workers).",
    ]);
  });

  it("marks a price not known until deployment, and leaves it out of the totals", () => {
    const plan = planCost([{ op: "create", type: "Pod", name: "later", afterUnknown: true }, steps[0]!]);
    expect(formatCostTable(plan)).toEqual([
      "Cost (USD)                          per hour                    per month",
      "Resource     Change  before   after     diff  before     after       diff",
      "Pod later    create       -       ?        ?       -         ?          ?",
      "Pod trainer  update  0.8600  3.4400  +2.5800  627.80  2,511.20  +1,883.40",
      "Stack total          0.8600  3.4400  +2.5800  627.80  2,511.20  +1,883.40",
      "Not known until deployment, not counted: Pod later.",
    ]);
  });

  it.each([
    { value: 2511.2, decimals: 2, signed: false, text: "2,511.20" },
    { value: -7, decimals: 2, signed: true, text: "−7.00" },
    { value: 2.58, decimals: 4, signed: true, text: "+2.5800" },
    { value: -0.00001, decimals: 4, signed: true, text: "0.0000" },
    { value: 0, decimals: 2, signed: true, text: "0.00" },
  ])("dollars($value, $decimals, $signed) is $text", ({ value, decimals, signed, text }) => {
    expect(dollars(value, decimals, signed)).toBe(text);
  });

  it.each([
    { value: 627.8, text: "627.8" },
    { value: 0.86 * 3, text: "2.58" },
    { value: -7 / 730, text: "-0.0095890411" },
    { value: -0, text: "0" },
    { value: 1e-12, text: "0" },
  ])("decimal($value) is $text", ({ value, text }) => {
    expect(decimal(value)).toBe(text);
  });
});

describe("the budget", () => {
  const plan = planCost(steps); // $3,139.00/month, $4.30/hour after

  it.each([
    {
      case: "the flag wins",
      sources: { flags: { maxMonthlyCost: 1 }, stackConfig: { maxMonthlyCost: 2 }, manifest: { maxMonthlyCost: 3 } },
      source: "--max-monthly-cost",
      amount: 1,
    },
    {
      case: "then stack config",
      sources: { stackConfig: { maxMonthlyCost: 2 }, manifest: { maxMonthlyCost: 3 } },
      source: "stack config computeplatform:maxMonthlyCost",
      amount: 2,
    },
    { case: "then the manifest", sources: { manifest: { maxMonthlyCost: 3 } }, source: "manifest budget.maxMonthlyCost", amount: 3 },
  ])("$case", ({ sources, source, amount }) => {
    expect(budgetLimits(sources)).toEqual([{ period: "monthly", amount, source }]);
  });

  it("keeps both periods, each from its own source", () => {
    expect(budgetLimits({ flags: { maxHourlyCost: 5 }, manifest: { maxMonthlyCost: 3000 } })).toEqual([
      { period: "hourly", amount: 5, source: "--max-hourly-cost" },
      { period: "monthly", amount: 3000, source: "manifest budget.maxMonthlyCost" },
    ]);
  });

  it.each([
    { limit: { period: "monthly" as const, amount: 3139, source: "--max-monthly-cost" }, over: false },
    { limit: { period: "monthly" as const, amount: 3138.99, source: "--max-monthly-cost" }, over: true },
    { limit: { period: "hourly" as const, amount: 4.3, source: "--max-hourly-cost" }, over: false },
    { limit: { period: "hourly" as const, amount: 4.2999, source: "--max-hourly-cost" }, over: true },
  ])("$limit.period limit $limit.amount: over is $over (exactly at the limit passes)", ({ limit, over }) => {
    expect(budgetBreaches(plan, [limit]).length).toBe(over ? 1 : 0);
  });

  it("names the resources that add to the cost, largest first, in the limit's period", () => {
    const twoGrow = planCost([...steps, { op: "create", type: "Pod", name: "extra", after: [gpu(1)] }]);
    expect(
      budgetBreaches(twoGrow, [{ period: "monthly", amount: 1000, source: "stack config computeplatform:maxMonthlyCost" }]).flatMap(
        formatBreach,
      ),
    ).toEqual([
      "Over budget: the stack would cost $3,766.80/month, more than the $1,000.00/month of stack config computeplatform:maxMonthlyCost.",
      "  Pod trainer  +$1,883.40/month",
      "  Pod extra    +$627.80/month",
    ]);
    expect(budgetBreaches(twoGrow, [{ period: "hourly", amount: 1, source: "--max-hourly-cost" }]).flatMap(formatBreach)).toEqual([
      "Over budget: the stack would cost $5.1600/hour, more than the $1.0000/hour of --max-hourly-cost.",
      "  Pod trainer  +$2.5800/hour",
      "  Pod extra    +$0.8600/hour",
    ]);
  });

  it("prices a placed pod at the configuration chosen now, notes its range, and says so when over budget; never over when all fit", () => {
    const a100 = 1.64;
    const h100 = 2.99;
    const chosen: CostComponent = {
      ...gpu(1, a100),
      name: "GPU (NVIDIA A100 80GB PCIe, secure cloud)",
      placement: { configuration: "1 x NVIDIA A100 80GB PCIe", lowestHourlyCost: a100, highestHourlyCost: h100 },
    };
    const placed = planCost([{ op: "create", type: "Pod", name: "trainer", after: [chosen] }]);
    expect(formatCostTable(placed).slice(-1)).toEqual([
      "Pod trainer is priced at 1 x NVIDIA A100 80GB PCIe, the configuration placement would choose now; on its acceptable " +
        "configurations it costs $1.6400 to $2.9900/hour ($1,197.20 to $2,182.70/month).",
    ]);
    expect(budgetBreaches(placed, [{ period: "monthly", amount: 1000, source: "--max-monthly-cost" }]).flatMap(formatBreach)).toEqual([
      "Over budget: the stack would cost $1,197.20/month at the configurations placement would choose now, more than the $1,000.00/month of --max-monthly-cost.",
      "  Pod trainer  +$1,197.20/month",
    ]);
    expect(budgetBreaches(placed, [{ period: "monthly", amount: 1500, source: "--max-monthly-cost" }])).toEqual([]);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }), (lowest, spread) => {
        const part = {
          ...chosen,
          hourlyCost: lowest,
          placement: { ...chosen.placement!, lowestHourlyCost: lowest, highestHourlyCost: lowest + spread },
        };
        const plan = planCost([{ op: "create", type: "Pod", name: "trainer", after: [part] }]);
        return budgetBreaches(plan, [{ period: "hourly", amount: lowest + spread, source: "--max-hourly-cost" }]).length === 0;
      }),
    );
  });

  it.each([
    { text: "100", amount: 100 },
    { text: "0", amount: 0 },
    { text: "12.5", amount: 12.5 },
    { text: "-1", error: '--max-monthly-cost must be a number of US dollars ≥ 0; got "-1"' },
    { text: "ten", error: '--max-monthly-cost must be a number of US dollars ≥ 0; got "ten"' },
    { text: "", error: '--max-monthly-cost must be a number of US dollars ≥ 0; got ""' },
    { text: "Infinity", error: '--max-monthly-cost must be a number of US dollars ≥ 0; got "Infinity"' },
  ])("parses $text", ({ text, amount, error }) => {
    if (error) expect(() => parseBudgetAmount(text, "--max-monthly-cost")).toThrow(error);
    else expect(parseBudgetAmount(text, "--max-monthly-cost")).toBe(amount);
  });

  it("reads the flags and the stack config keys, naming a bad value's key", () => {
    expect(parseCostOptions({ "max-hourly-cost": "2", "usage-file": "usage.yml" })).toEqual({
      flags: { maxHourlyCost: 2 },
      usageFile: "usage.yml",
      markdown: false,
    });
    expect(() => parseCostOptions({ markdown: true, json: true })).toThrow("--markdown and --json exclude each other");
    expect(stackConfigBudget({ "computeplatform:maxMonthlyCost": { value: "250" }, "other:key": { value: "x" } })).toEqual({
      maxMonthlyCost: 250,
    });
    expect(() => stackConfigBudget({ "computeplatform:maxHourlyCost": { value: "lots" } })).toThrow(
      'stack config computeplatform:maxHourlyCost must be a number of US dollars ≥ 0; got "lots"',
    );
  });
});

describe("the usage file", () => {
  const write = (text: string) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "usage-")), "usage.yml");
    fs.writeFileSync(file, text);
    return file;
  };

  it("prices a use-based part from its units per month, by resource name and unit", () => {
    const usage = readUsageFile(write("version: 0.1\nresource_usage:\n  api:\n    worker-seconds: 73000\n"), ["api", "trainer"]);
    expect(usage).toEqual({ api: { "worker-seconds": 73000 } });
    const [api] = planCost([steps[2]!], usage).resources;
    // 73,000 worker-seconds a month is 100 an hour, at $0.00031 each.
    expect(api?.after?.components[0]).toMatchObject({ hourlyQuantity: 100, hourlyCost: 100 * WORKER_SECOND });
    expect(api?.after?.hourlyCost).toBeCloseTo(0.031, 12);
  });

  it.each([
    {
      text: "version: 0.1\nresource_usage:\n  nope:\n    worker-seconds: 1\n",
      error: 'resource_usage.nope: the manifest has no resource named "nope"',
    },
    { text: "version: 0.1\nresource_usage:\n  api:\n    worker-seconds: -1\n", error: "resource_usage.api.worker-seconds: Too small" },
    { text: "version: 2\n", error: "version: Invalid input" },
    { text: "version: 0.1\nusage: {}\n", error: 'the file: Unrecognized key: "usage"' },
  ])("refuses $error", ({ text, error }) => {
    const file = write(text);
    expect(() => readUsageFile(file, ["api"])).toThrow(`${file}: ${error}`);
  });
});

describe("--json in Infracost's shape", () => {
  const report = infracostReport(
    planCost(steps),
    { project: "acme", manifest: "manifest.yaml", stack: "dev" },
    new Date("2026-11-26T12:00:00Z"),
  );
  const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, "docs", "costReport.schema.json"), "utf8")) as object;

  it("validates against the JSON Schema in docs/costReport.schema.json", () => {
    const validate = new Ajv({ allErrors: true }).compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...report, diffTotalMonthlyCost: 1876.4 })).toBe(false);
  });

  it("writes the totals and each component as decimal strings", () => {
    expect(report).toMatchObject({
      version: "0.2",
      currency: "USD",
      totalHourlyCost: "4.3",
      totalMonthlyCost: "3139",
      pastTotalHourlyCost: "1.7295890411",
      pastTotalMonthlyCost: "1262.6",
      diffTotalHourlyCost: "2.5704109589",
      diffTotalMonthlyCost: "1876.4",
      timeGenerated: "2026-11-26T12:00:00.000Z",
    });
    const [project] = report.projects;
    expect(project?.breakdown.resources.find((resource) => resource.name === "trainer")).toEqual({
      name: "trainer",
      resourceType: "Pod",
      metadata: {},
      hourlyCost: "3.44",
      monthlyCost: "2511.2",
      costComponents: [
        {
          name: "GPU (NVIDIA L40S, secure cloud)",
          unit: "GPU-hours",
          hourlyQuantity: "4",
          monthlyQuantity: "2920",
          price: "0.86",
          hourlyCost: "3.44",
          monthlyCost: "2511.2",
          usageBased: false,
          priceNotFound: false,
        },
      ],
    });
    expect(
      project?.diff.resources.map((resource) => [
        resource.name,
        resource.monthlyCost,
        resource.costComponents.map((c) => c.hourlyQuantity),
      ]),
    ).toEqual([
      ["api", "0", ["0"]],
      ["scratch", "-7", ["-0.1369863014"]],
      ["trainer", "1883.4", ["3"]],
    ]);
    expect(project?.pastBreakdown.resources.map((resource) => resource.name)).toEqual(["notebook", "scratch", "trainer"]);
    expect(project?.breakdown.resources.map((resource) => resource.name)).toEqual(["api", "notebook", "trainer"]);
  });

  it.each([
    { limit: 1876.4, allowed: true },
    { limit: 1876.39, allowed: false },
  ])("a JSON-logic policy on diffTotalMonthlyCost (limit $limit) allows it: $allowed", ({ limit, allowed }) => {
    // The policy as a CI pipeline would keep it beside an Infracost setup: the rule reads the field, jsonLogic evaluates.
    const policy: RulesLogic = { "<=": [{ "+": [{ var: "diffTotalMonthlyCost" }] }, limit] };
    expect(jsonLogic.apply(policy, JSON.parse(JSON.stringify(report)))).toBe(allowed);
  });
});

describe("the Markdown comment", () => {
  it("heads with the monthly change, tables the figures, gives the budget verdict and folds the plan", () => {
    const plan = planCost(steps);
    const breaches = budgetBreaches(plan, [{ period: "monthly", amount: 3000, source: "--max-monthly-cost" }]);
    const changes = [{ op: "update" as const, type: "Pod", name: "trainer", fields: ["gpu"] }];
    expect(formatCostMarkdown(plan, changes, breaches).split("\n")).toEqual([
      "### Compute Platform cost: +$1,876.40/month",
      "",
      "The stack would cost **$3,139.00/month** ($4.3000/hour), from $1,262.60/month.",
      "",
      "| Resource | Change | $/hour before | $/hour after | $/hour diff | $/month before | $/month after | $/month diff |",
      "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      "| ServerlessEndpoint api | create | - | 0.0000 | 0.0000 | - | 0.00 | 0.00 |",
      "| NetworkVolume scratch | delete | 0.0096 | - | −0.0096 | 7.00 | - | −7.00 |",
      "| Pod trainer | update | 0.8600 | 3.4400 | +2.5800 | 627.80 | 2,511.20 | +1,883.40 |",
      "| 1 unchanged |  | 0.8600 | 0.8600 | 0.0000 | 627.80 | 627.80 | 0.00 |",
      "| Stack total |  | 1.7296 | 4.3000 | +2.5704 | 1,262.60 | 3,139.00 | +1,876.40 |",
      "",
      "Use-based parts at $0, for want of a usage estimate (--usage-file): ServerlessEndpoint api \\(Flex workers\\).",
      "",
      "**Over budget: the stack would cost $3,139.00/month, more than the $3,000.00/month of --max-monthly-cost.**",
      "",
      "- Pod trainer +$1,883.40/month",
      "",
      "<details><summary>Plan</summary>",
      "",
      "```",
      "~  update   Pod trainer (gpu)",
      "```",
      "",
      "</details>",
      "",
    ]);
    expect(formatCostMarkdown(plan, changes, []).split("\n")).toContain("**Within budget.**");
    expect(formatCostMarkdown(plan, changes).split("\n")).not.toContain("**Within budget.**");
  });

  it("keeps a pipe in a name inside its cell", () => {
    const plan = planCost([{ op: "create", type: "Pod", name: "a|b", after: [gpu(1)] }]);
    expect(formatCostMarkdown(plan, [])).toContain("| Pod a\\|b | create |");
  });

  it("escapes a catalog id from the manifest: no image, HTML, mention or end of the folded block gets through", () => {
    const hostile = "X ![b](https://beacon.test/p.png) <img src=x> @owner </details> `code` | *em* $x$";
    const unknownGpu: CostComponent = { ...gpu(1), name: `GPU (${hostile}, secure cloud)`, price: 0, hourlyCost: 0, priceNotFound: true };
    const plan = planCost([{ op: "create", type: "Pod", name: "trainer", after: [unknownGpu] }]);
    const breaches = budgetBreaches(plan, [{ period: "monthly", amount: 10, source: "--max-monthly-cost" }]);
    const markdown = formatCostMarkdown(plan, [{ op: "create", type: "Pod", name: "trainer", fields: ["gpu"] }], breaches).split("\n");
    const escaped =
      "X \\!\\[b\\]\\(https://beacon.test/p.png\\) &lt;img src=x&gt; @\u200bowner &lt;/details&gt; \\`code\\` \\| \\*em\\* \\$x\\$";
    expect(markdown.slice(9, 14)).toEqual([
      `No price found, not counted (the totals are at least what they show): Pod trainer \\(GPU \\(${escaped}, secure cloud\\)\\).`,
      "",
      `**Budget not checked: no price for Pod trainer \\(GPU \\(${escaped}, secure cloud\\)\\), so the stack's cost is unknown; ` +
        "the parts with a price come to $0.00/month, against the $10.00/month of --max-monthly-cost.**",
      "",
      "<details><summary>Plan</summary>",
    ]);
    expect(markdown.filter((line) => line.includes("</details>"))).toEqual(["</details>"]);
  });

  it("fences the plan with more backticks than any run in it", () => {
    const plan = planCost([]);
    const markdown = formatCostMarkdown(plan, [{ op: "update", type: "Pod", name: "p", fields: ["env.A```B"] }]).split("\n");
    expect(markdown.slice(-8)).toEqual([
      "<details><summary>Plan</summary>",
      "",
      "````",
      "~  update   Pod p (env.A```B)",
      "````",
      "",
      "</details>",
      "",
    ]);
  });

  it("monthly is hourly × 730", () => {
    expect(monthly(1)).toBe(730);
  });
});
