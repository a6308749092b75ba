/**
 * The plan's price and the budget through the packed package's `computeplatform` CLI, the real Pulumi engine and a
 * local emulator: exact figures computed here from the emulator's catalog prices, `--json` validated
 * against docs/costReport.schema.json and read by the example's JSON-logic policy, and a budget (flag, manifest,
 * stack config) that stops `preview` and `up` before any create, and passes exactly at the limit.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import Ajv from "ajv";
import jsonLogic, { type RulesLogic } from "json-logic-js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { GPU_CATALOG } from "../../emulator/data/catalog";
import { NETWORK_VOLUME_PRICE } from "../../emulator/data/prices";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
import { exec, type Finished, stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";

const L40S = gpuPrice("NVIDIA L40S");
const RTX_4090 = gpuPrice("NVIDIA GeForce RTX 4090");

function gpuPrice(id: string): number {
  return GPU_CATALOG.find(({ type }) => type.id === id)!.type.price.secure;
}

/** `1,234.56`: what a person reads in the table. */
const usd = (amount: number, places: number) =>
  amount.toLocaleString("en-US", { minimumFractionDigits: places, maximumFractionDigits: places });

/** `641.8`: a decimal string as `--json` writes it, to 10 places. */
const decimal = (amount: number) => String(Math.round(amount * 1e10) / 1e10);

/** A training pod on `gpus` L40S GPUs and, unless left out, a notebook pod on one RTX 4090, both in the secure cloud. */
function manifest(options: { gpus: number; notebook: boolean; budget?: string }): string {
  const pod = (name: string, gpu: string, count: number) => [
    `  ${name}:`,
    "    type: Pod",
    `    properties: { name: ${name}, image: "ghcr.io/acme/${name}:1.4", gpu: { id: ${gpu}, count: ${count} }, dataCenterIds: [US-TX-3] }`,
  ];
  return [
    ...(options.budget ? [`budget: ${options.budget}`] : []),
    "resources:",
    ...(options.notebook ? pod("notebook", "NVIDIA GeForce RTX 4090", 1) : []),
    ...pod("trainer", "NVIDIA L40S", options.gpus),
    "",
  ].join("\n");
}

describe("computeplatform preview prices the plan; a budget stops preview and up", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;

  const computeplatform = (...args: string[]): Promise<Finished> => {
    const cli = path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
    return exec(process.execPath, [cli, ...args], { cwd: folder, env });
  };
  const pulumi = (...args: string[]) => exec("pulumi", [...args, "--stack", "dev", "--non-interactive"], { cwd: folder, env });
  const write = (text: string) => fs.writeFileSync(path.join(folder, "manifest.yaml"), text);
  const posts = () => api.emulator.requests.filter((request) => request.method === "POST").length;
  const lines = (text: string) => text.trimEnd().split("\n");

  beforeAll(async () => {
    api = await startTestEmulator();
    folder = suiteWorkDir("cost-preview");
    env = await stackCommandEnvironment(folder, api);
    write(manifest({ gpus: 1, notebook: true }));
  });

  // No destroy: the emulator holding the resources ends here, and the state is in the run's temporary folder.
  afterAll(async () => {
    await api?.emulator.close();
  });

  const createTotal = L40S + RTX_4090;

  it("preview prints each resource's price and the stack's total, to the cent of the catalog", async () => {
    const result = await computeplatform("preview", "manifest.yaml");
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout).slice(-6)).toEqual([
      "Plan: 2 to create; 0 unchanged",
      "Cost (USD)                           per hour                    per month",
      "Resource      Change  before   after     diff  before     after       diff",
      `Pod notebook  create       -  ${usd(RTX_4090, 4)}  +${usd(RTX_4090, 4)}       -    ${usd(RTX_4090 * 730, 2)}    +${usd(RTX_4090 * 730, 2)}`,
      `Pod trainer   create       -  ${usd(L40S, 4)}  +${usd(L40S, 4)}       -    ${usd(L40S * 730, 2)}    +${usd(L40S * 730, 2)}`,
      `Stack total           0.0000  ${usd(createTotal, 4)}  +${usd(createTotal, 4)}    0.00  ${usd(createTotal * 730, 2)}  +${usd(createTotal * 730, 2)}`,
    ]);
  });

  it("--json carries Infracost's fields, valid against the schema, and a JSON-logic policy reads them", async () => {
    const result = await computeplatform("preview", "manifest.yaml", "--json");
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Record<string, unknown> & { projects: Array<{ breakdown: { resources: unknown[] } }> };
    const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, "docs", "costReport.schema.json"), "utf8")) as object;
    const validate = new Ajv({ allErrors: true }).compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report).toMatchObject({
      totalHourlyCost: decimal(createTotal),
      totalMonthlyCost: decimal(createTotal * 730),
      pastTotalMonthlyCost: "0",
      diffTotalMonthlyCost: decimal(createTotal * 730),
    });
    expect(report.projects[0]?.breakdown.resources).toContainEqual({
      name: "trainer",
      resourceType: "Pod",
      metadata: {},
      hourlyCost: decimal(L40S),
      monthlyCost: decimal(L40S * 730),
      costComponents: [
        {
          name: "GPU (NVIDIA L40S, secure cloud)",
          unit: "GPU-hours",
          hourlyQuantity: "1",
          monthlyQuantity: "730",
          price: decimal(L40S),
          hourlyCost: decimal(L40S),
          monthlyCost: decimal(L40S * 730),
          usageBased: false,
          priceNotFound: false,
        },
      ],
    });
    // The example's policy allows at most $1,000 a month more; this plan adds $1,058.50.
    const policy = JSON.parse(fs.readFileSync(path.join(repoRoot, "examples", "cost-budget", "costPolicy.json"), "utf8")) as RulesLogic;
    expect(jsonLogic.apply(policy, report)).toBe(false);
    expect(jsonLogic.apply(policy, { ...report, diffTotalMonthlyCost: "1000" })).toBe(true);
  });

  const overBy = (limit: string, source: string) => [
    `Over budget: the stack would cost $${usd(createTotal * 730, 2)}/month, more than the $${limit}/month of ${source}.`,
    `  Pod trainer   +$${usd(L40S * 730, 2)}/month`,
    `  Pod notebook  +$${usd(RTX_4090 * 730, 2)}/month`,
  ];

  it("a --max-monthly-cost below the plan fails preview with exit 3, naming the resources largest first", async () => {
    const result = await computeplatform("preview", "manifest.yaml", "--max-monthly-cost", "1058");
    expect(result.code, result.stderr).toBe(3);
    expect(lines(result.stdout).slice(-3)).toEqual(overBy("1,058.00", "--max-monthly-cost"));
  });

  it("up under the flag's budget creates nothing", async () => {
    const before = posts();
    const result = await computeplatform("up", "manifest.yaml", "--max-monthly-cost", "1058");
    expect(result.code, result.stderr).toBe(3);
    expect(lines(result.stdout).slice(-4)).toEqual([...overBy("1,058.00", "--max-monthly-cost"), "Nothing was changed."]);
    expect(posts() - before).toBe(0);
  });

  it("up under the manifest's budget creates nothing", async () => {
    write(manifest({ gpus: 1, notebook: true, budget: "{ maxMonthlyCost: 600 }" }));
    const before = posts();
    const result = await computeplatform("up", "manifest.yaml");
    expect(result.code, result.stderr).toBe(3);
    expect(lines(result.stdout).slice(-4)).toEqual([...overBy("600.00", "manifest budget.maxMonthlyCost"), "Nothing was changed."]);
    expect(posts() - before).toBe(0);
  });

  it("up under the stack config's budget, which wins over the manifest's, creates nothing", async () => {
    write(manifest({ gpus: 1, notebook: true, budget: "{ maxMonthlyCost: 100000 }" }));
    expect((await pulumi("config", "set", "computeplatform:maxMonthlyCost", "1058")).code).toBe(0);
    const before = posts();
    const result = await computeplatform("up", "manifest.yaml");
    expect(result.code, result.stderr).toBe(3);
    expect(lines(result.stdout).slice(-4)).toEqual([
      ...overBy("1,058.00", "stack config computeplatform:maxMonthlyCost"),
      "Nothing was changed.",
    ]);
    expect(posts() - before).toBe(0);
    expect(api.emulator.snapshot().pods).toEqual([]);
  });

  it("exactly at the limit passes: preview by the flag, up by the stack config", async () => {
    expect((await pulumi("config", "set", "computeplatform:maxMonthlyCost", String(createTotal * 730))).code).toBe(0);
    const preview = await computeplatform("preview", "manifest.yaml", "--max-hourly-cost", String(createTotal));
    expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    const result = await computeplatform("up", "manifest.yaml");
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(lines(result.stdout)).toContain("Done: 2 created");
    const pods = api.emulator.snapshot().pods.map((pod) => [pod.name, pod.gpu?.count, pod.cost]);
    expect(pods.sort()).toEqual([
      ["notebook", 1, RTX_4090],
      ["trainer", 1, L40S],
    ]);
  });

  it("4 GPUs instead of 1 show ×4 in the replace's before and after, and a pod left out shows a negative difference", async () => {
    expect((await pulumi("config", "rm", "computeplatform:maxMonthlyCost")).code).toBe(0);
    write(manifest({ gpus: 4, notebook: false }));
    const result = await computeplatform("preview", "manifest.yaml");
    expect(result.code, result.stderr).toBe(0);
    const after = 4 * L40S;
    const diff = after - createTotal;
    expect(lines(result.stdout).slice(-8)).toEqual([
      "  -  delete   Pod notebook",
      "  +- replace  Pod trainer (gpu)",
      "Plan: 1 to replace, 1 to delete; 0 unchanged",
      "Cost (USD)                            per hour                      per month",
      "Resource      Change   before   after     diff    before     after       diff",
      `Pod notebook  delete   ${usd(RTX_4090, 4)}       -  −${usd(RTX_4090, 4)}    ${usd(RTX_4090 * 730, 2)}         -    −${usd(RTX_4090 * 730, 2)}`,
      `Pod trainer   replace  ${usd(L40S, 4)}  ${usd(after, 4)}  +${usd(after - L40S, 4)}    ${usd(L40S * 730, 2)}  ${usd(after * 730, 2)}  +${usd((after - L40S) * 730, 2)}`,
      `Stack total            ${usd(createTotal, 4)}  ${usd(after, 4)}  +${usd(diff, 4)}  ${usd(createTotal * 730, 2)}  ${usd(after * 730, 2)}  +${usd(diff * 730, 2)}`,
    ]);
  });

  it("a serverless endpoint's use-based part is $0 and noted without a usage file, and priced from one", async () => {
    const pool = GPU_CATALOG.find(({ type }) => type.pool === "ADA_48_PRO")!.type;
    const serverless = pool.price.serverless!;
    const endpoint = [
      "  api:",
      "    type: ServerlessEndpoint",
      "    properties:",
      "      name: api",
      "      type: QUEUE",
      "      image: ghcr.io/acme/api:1.0",
      "      gpu: { pools: [ADA_48_PRO], count: 1, allowedCudaVersions: [] }",
      "      workers: { min: 1, max: 3 }",
      "      scaling: { type: QUEUE_DELAY, queueDelay: 4 }",
      "",
    ];
    write(manifest({ gpus: 1, notebook: true }) + endpoint.join("\n"));
    type Report = { projects: Array<{ breakdown: { resources: Array<{ name: string; hourlyCost: string; costComponents: unknown[] }> } }> };
    const apiResource = (stdout: string) =>
      (JSON.parse(stdout) as Report).projects[0]?.breakdown.resources.find(({ name }) => name === "api");

    const text = await computeplatform("preview", "manifest.yaml");
    expect(text.code, text.stderr).toBe(0);
    expect(lines(text.stdout).at(-1)).toBe(
      "Use-based parts at $0, for want of a usage estimate (--usage-file): ServerlessEndpoint api (Workers scaled up by requests).",
    );
    const without = await computeplatform("preview", "manifest.yaml", "--json");
    expect(apiResource(without.stdout)).toMatchObject({
      hourlyCost: decimal(serverless),
      costComponents: [
        {
          name: `Standing workers' GPUs (${pool.id}, serverless)`,
          hourlyQuantity: "1",
          hourlyCost: decimal(serverless),
          usageBased: false,
        },
        { name: "Workers scaled up by requests", unit: "worker-seconds", hourlyQuantity: "0", hourlyCost: "0", usageBased: true },
      ],
    });

    // One more worker busy all month: 730 hours of 3,600 worker-seconds.
    fs.writeFileSync(path.join(folder, "usage.yml"), "version: 0.1\nresource_usage:\n  api:\n    worker-seconds: 2628000\n");
    const withUsage = await computeplatform("preview", "manifest.yaml", "--json", "--usage-file", "usage.yml");
    expect(withUsage.code, withUsage.stderr).toBe(0);
    expect(apiResource(withUsage.stdout)).toMatchObject({
      hourlyCost: decimal(2 * serverless),
      costComponents: [
        { hourlyCost: decimal(serverless), usageBased: false },
        { hourlyQuantity: "3600", monthlyQuantity: "2628000", hourlyCost: decimal(serverless), usageBased: true },
      ],
    });
  });

  it("the cost-budget example's preview prints the table and fails on the manifest's budget", async () => {
    const example = suiteWorkDir("cost-budget-example");
    fs.copyFileSync(path.join(repoRoot, "examples", "cost-budget", "manifest.yaml"), path.join(example, "manifest.yaml"));
    const cli = path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
    const before = posts();
    const result = await exec(process.execPath, [cli, "preview", "manifest.yaml"], {
      cwd: example,
      env: await stackCommandEnvironment(example, api),
    });
    expect(result.code, result.stderr).toBe(3);
    // 2 × L40S, and 200 GB at the emulator's standard volume rate (to the millionth of a dollar an hour).
    const trainer = 2 * L40S;
    const volume = Math.round(((200 * NETWORK_VOLUME_PRICE.STANDARD) / 730) * 1e6) / 1e6;
    expect(lines(result.stdout).slice(-4)).toEqual([
      `Stack total                 0.0000  ${usd(trainer + volume, 4)}  +${usd(trainer + volume, 4)}    0.00  ${usd((trainer + volume) * 730, 2)}  +${usd((trainer + volume) * 730, 2)}`,
      `Over budget: the stack would cost $${usd((trainer + volume) * 730, 2)}/month, more than the $1,000.00/month of manifest budget.maxMonthlyCost.`,
      `  Pod trainer         +$${usd(trainer * 730, 2)}/month`,
      `  NetworkVolume data  +$${usd(volume * 730, 2)}/month`,
    ]);
    expect(posts() - before).toBe(0);
  });
});
