/**
 * The plan's price and the budget through the packed package's `computeplatform` CLI, the real Pulumi engine and a
 * local emulator: exact figures computed here from the emulator's catalog prices and storage rate, `--json` validated
 * against docs/costReport.schema.json and read by the example's JSON-logic policy, and a budget (flag, manifest,
 * stack config) that stops `preview` and `up` before any create, and passes exactly at the limit.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import Ajv from "ajv";
import jsonLogic, { type RulesLogic } from "json-logic-js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { GPU_CATALOG } from "../../emulator/data/catalog";
import { STORAGE_PRICE } from "../../emulator/data/prices";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
import { exec, type Finished, stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";

const L40S = GPU_CATALOG.find(({ type }) => type.id === "NVIDIA L40S")!.type.price.secure;
const VOLUME_GB = 200;
/** The volume's price per hour, to the millionth of a USD as the estimate keeps it. */
const VOLUME_HOURLY = Math.round(((VOLUME_GB * STORAGE_PRICE.networkVolumeStandard) / 730) * 1e6) / 1e6;

/** `1,234.56`: what a person reads in the table. */
const usd = (amount: number, places: number) =>
  amount.toLocaleString("en-US", { minimumFractionDigits: places, maximumFractionDigits: places });

function manifest(options: { gpus: number; volume: boolean; budget?: string }): string {
  return [
    ...(options.budget ? [`budget: ${options.budget}`] : []),
    "resources:",
    ...(options.volume
      ? ["  data:", "    type: NetworkVolume", `    properties: { name: data, size: ${VOLUME_GB}, dataCenter: US-TX-3 }`]
      : []),
    "  trainer:",
    "    type: Pod",
    "    properties:",
    "      name: trainer",
    "      image: ghcr.io/acme/trainer:1.4",
    `      gpu: { id: NVIDIA L40S, count: ${options.gpus} }`,
    "      dataCenterIds: [US-TX-3]",
    "",
  ].join("\n");
}

describe("computeplatform preview prices the plan; a budget stops preview and up", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;
  let deployed = false;

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
    write(manifest({ gpus: 1, volume: true }));
  });

  afterAll(async () => {
    if (deployed) await computeplatform("destroy", "manifest.yaml");
    await api?.emulator.close();
  });

  const createTotal = L40S + VOLUME_HOURLY;

  it("preview prints each resource's price and the stack's total, to the cent of the catalog", async () => {
    const result = await computeplatform("preview", "manifest.yaml");
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout).slice(-6)).toEqual([
      "Plan: 2 to create; 0 unchanged",
      "Cost (USD)                                per hour                   per month",
      "Resource            Change  before   after     diff  before   after     diff",
      `NetworkVolume data  create       -  ${usd(VOLUME_HOURLY, 4)}  +${usd(VOLUME_HOURLY, 4)}       -   ${usd(VOLUME_HOURLY * 730, 2)}   +${usd(VOLUME_HOURLY * 730, 2)}`,
      `Pod trainer         create       -  ${usd(L40S, 4)}  +${usd(L40S, 4)}       -  ${usd(L40S * 730, 2)}  +${usd(L40S * 730, 2)}`,
      `Stack total                 0.0000  ${usd(createTotal, 4)}  +${usd(createTotal, 4)}    0.00  ${usd(createTotal * 730, 2)}  +${usd(createTotal * 730, 2)}`,
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
      totalHourlyCost: String(createTotal),
      totalMonthlyCost: String(Math.round(createTotal * 730 * 1e10) / 1e10),
      pastTotalMonthlyCost: "0",
      diffTotalMonthlyCost: String(Math.round(createTotal * 730 * 1e10) / 1e10),
    });
    expect(report.projects[0]?.breakdown.resources).toContainEqual({
      name: "trainer",
      resourceType: "Pod",
      metadata: {},
      hourlyCost: String(L40S),
      monthlyCost: String(Math.round(L40S * 730 * 1e10) / 1e10),
      costComponents: [
        {
          name: "GPU (NVIDIA L40S, secure cloud)",
          unit: "GPU-hours",
          hourlyQuantity: "1",
          monthlyQuantity: "730",
          price: String(L40S),
          hourlyCost: String(L40S),
          monthlyCost: String(Math.round(L40S * 730 * 1e10) / 1e10),
          usageBased: false,
          priceNotFound: false,
        },
      ],
    });
    // The example's policy allows at most $1,000 a month more; this plan adds $641.80.
    const policy = JSON.parse(fs.readFileSync(path.join(repoRoot, "examples", "cost-budget", "costPolicy.json"), "utf8")) as RulesLogic;
    expect(jsonLogic.apply(policy, report)).toBe(true);
    expect(jsonLogic.apply(policy, { ...report, diffTotalMonthlyCost: "1000.01" })).toBe(false);
  });

  const overBy = (limit: string, source: string) => [
    `Over budget: the stack would cost $${usd(createTotal * 730, 2)}/month, more than the $${limit}/month of ${source}.`,
    `  Pod trainer         +$${usd(L40S * 730, 2)}/month`,
    `  NetworkVolume data  +$${usd(VOLUME_HOURLY * 730, 2)}/month`,
  ];

  it("a --max-monthly-cost below the plan fails preview with exit 3, naming the resources largest first", async () => {
    const result = await computeplatform("preview", "manifest.yaml", "--max-monthly-cost", "641");
    expect(result.code, result.stderr).toBe(3);
    expect(lines(result.stdout).slice(-3)).toEqual(overBy("641.00", "--max-monthly-cost"));
  });

  it("up under the flag's budget creates nothing", async () => {
    const before = posts();
    const result = await computeplatform("up", "manifest.yaml", "--max-monthly-cost", "641");
    expect(result.code, result.stderr).toBe(3);
    expect(lines(result.stdout).slice(-4)).toEqual([...overBy("641.00", "--max-monthly-cost"), "Nothing was changed."]);
    expect(posts() - before).toBe(0);
  });

  it("up under the manifest's budget creates nothing", async () => {
    write(manifest({ gpus: 1, volume: true, budget: "{ maxMonthlyCost: 600 }" }));
    const before = posts();
    const result = await computeplatform("up", "manifest.yaml");
    expect(result.code, result.stderr).toBe(3);
    expect(lines(result.stdout).slice(-4)).toEqual([...overBy("600.00", "manifest budget.maxMonthlyCost"), "Nothing was changed."]);
    expect(posts() - before).toBe(0);
  });

  it("up under the stack config's budget, which wins over the manifest's, creates nothing", async () => {
    write(manifest({ gpus: 1, volume: true, budget: "{ maxMonthlyCost: 100000 }" }));
    expect((await pulumi("config", "set", "computeplatform:maxMonthlyCost", "641")).code).toBe(0);
    const before = posts();
    const result = await computeplatform("up", "manifest.yaml");
    expect(result.code, result.stderr).toBe(3);
    expect(lines(result.stdout).slice(-4)).toEqual([
      ...overBy("641.00", "stack config computeplatform:maxMonthlyCost"),
      "Nothing was changed.",
    ]);
    expect(posts() - before).toBe(0);
    expect(api.emulator.snapshot().pods).toEqual([]);
  });

  it("exactly at the limit passes: preview by the flag, up by the stack config", async () => {
    const hourlyLimit = String(createTotal);
    const preview = await computeplatform("preview", "manifest.yaml", "--max-hourly-cost", hourlyLimit);
    expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    expect((await pulumi("config", "set", "computeplatform:maxMonthlyCost", String(createTotal * 730))).code).toBe(0);
    const result = await computeplatform("up", "manifest.yaml");
    deployed = true;
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(lines(result.stdout)).toContain("Done: 2 created");
    expect(api.emulator.snapshot().pods.map((pod) => [pod.gpu?.count, pod.cost])).toEqual([[1, L40S]]);
  });

  it("4 GPUs instead of 1 show ×4 in the replace's before and after, and a volume left out shows a negative difference", async () => {
    expect((await pulumi("config", "rm", "computeplatform:maxMonthlyCost")).code).toBe(0);
    write(manifest({ gpus: 4, volume: false }));
    const result = await computeplatform("preview", "manifest.yaml");
    expect(result.code, result.stderr).toBe(0);
    const after = 4 * L40S;
    const diff = after - createTotal;
    expect(lines(result.stdout).slice(-7)).toEqual([
      "  +- replace  Pod trainer (gpu)",
      "Plan: 1 to replace, 1 to delete; 0 unchanged",
      "Cost (USD)                                 per hour                     per month",
      "Resource            Change   before   after     diff  before     after       diff",
      `NetworkVolume data  delete   ${usd(VOLUME_HOURLY, 4)}       -  −${usd(VOLUME_HOURLY, 4)}   ${usd(VOLUME_HOURLY * 730, 2)}         -     −${usd(VOLUME_HOURLY * 730, 2)}`,
      `Pod trainer         replace  ${usd(L40S, 4)}  ${usd(after, 4)}  +${usd(after - L40S, 4)}  ${usd(L40S * 730, 2)}  ${usd(after * 730, 2)}  +${usd((after - L40S) * 730, 2)}`,
      `Stack total                  ${usd(createTotal, 4)}  ${usd(after, 4)}  +${usd(diff, 4)}  ${usd(createTotal * 730, 2)}  ${usd(after * 730, 2)}  +${usd(diff * 730, 2)}`,
    ]);
  });
});
