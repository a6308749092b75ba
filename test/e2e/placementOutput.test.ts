/**
 * A pod with placement through the packed package's `computeplatform` CLI, the real Pulumi engine and an emulator
 * with H100 sold out: the preview prints the placement warning and prices the configuration the create would choose
 * now, with the range over the acceptable ones (`--markdown` keeping stdout to the comment); a budget passes a plan
 * whose chosen configuration fits and fails one whose does not, before any create; during a wait for capacity, `up`
 * prints the wait; and a failed check is said once, in the package's words.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { GPU_CATALOG } from "../../emulator/data/catalog";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { exec, type Finished, stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";

const H100 = "NVIDIA H100 80GB HBM3";
const A100 = "NVIDIA A100 80GB PCIe";
const H100_SITES = ["US-CA-2", "EU-SE-1"];
const A100_SITES = ["US-TX-3", "US-CA-2", "EU-RO-1"];
const price = (id: string) => GPU_CATALOG.find(({ type }) => type.id === id)!.type.price.secure;
const usd = (amount: number, places: number) =>
  amount.toLocaleString("en-US", { minimumFractionDigits: places, maximumFractionDigits: places });

const manifest = (extra = "") =>
  [
    "resources:",
    "  trainer:",
    "    type: Pod",
    "    properties:",
    "      name: trainer",
    "      image: org/trainer:1.2",
    `      gpu: { id: ${H100} }`,
    `      placement: { alternatives: [{ id: ${A100} }], order: cheapest }`,
    "      readyTimeoutSeconds: 300",
    ...(extra ? [`      ${extra}`] : []),
    "",
  ].join("\n");

describe("computeplatform preview and up of a pod with placement, H100 sold out", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;
  const cli = () => path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
  const computeplatform = (...args: string[]): Promise<Finished> => exec(process.execPath, [cli(), ...args], { cwd: folder, env });
  const write = (text: string) => fs.writeFileSync(path.join(folder, "manifest.yaml"), text);
  const podCreates = () => api.emulator.requests.filter((request) => request.method === "POST" && request.path === "/v2/pods").length;
  const lines = (text: string) => text.trimEnd().split("\n");
  const shortOfH100 = `warning: pod "trainer": short of capacity right now: 1 x ${H100}: NONE in ${H100_SITES.join(", ")}`;
  const note =
    `Pod trainer is priced at 1 x ${A100}, the configuration placement would choose now; on its acceptable configurations ` +
    `it costs $${usd(price(A100), 4)} to $${usd(price(H100), 4)}/hour ($${usd(price(A100) * 730, 2)} to $${usd(price(H100) * 730, 2)}/month).`;

  beforeAll(async () => {
    api = await startTestEmulator();
    for (const site of H100_SITES) api.emulator.stock.setGpu(H100, site, { secure: 0, community: 0 });
    folder = suiteWorkDir("placement-output");
    env = await stackCommandEnvironment(folder, api);
    write(manifest());
  });

  // No destroy: the emulator holding the resources ends here, and the state is in the run's temporary folder.
  afterAll(async () => {
    await api?.emulator.close();
  });

  it("preview prints the placement warning and the price of the A100 it would choose, with the range", async () => {
    const result = await computeplatform("preview", "manifest.yaml");
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout)).toContain(shortOfH100);
    expect(lines(result.stdout).slice(-6)).toEqual([
      "Plan: 1 to create; 0 unchanged",
      "Cost (USD)                          per hour                    per month",
      "Resource     Change  before   after     diff  before     after       diff",
      `Pod trainer  create       -  ${usd(price(A100), 4)}  +${usd(price(A100), 4)}       -  ${usd(price(A100) * 730, 2)}  +${usd(price(A100) * 730, 2)}`,
      `Stack total          0.0000  ${usd(price(A100), 4)}  +${usd(price(A100), 4)}    0.00  ${usd(price(A100) * 730, 2)}  +${usd(price(A100) * 730, 2)}`,
      note,
    ]);
  });

  it("preview --markdown writes the comment alone on stdout, and the progress on stderr", async () => {
    const result = await computeplatform("preview", "manifest.yaml", "--markdown");
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout)[0]).toBe(`### Compute Platform cost: +$${usd(price(A100) * 730, 2)}/month`);
    expect(lines(result.stdout)).toContain(note);
    expect(result.stdout).not.toContain("Previewing");
    expect(lines(result.stderr)).toEqual(expect.arrayContaining(["Previewing stack dev with manifest.yaml:", shortOfH100]));
  });

  it("a budget that every acceptable configuration fits passes the preview", async () => {
    const result = await computeplatform("preview", "manifest.yaml", "--max-monthly-cost", String(Math.ceil(price(H100) * 730)));
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });

  it("up under a budget the A100 it would choose does not fit fails, creating nothing", async () => {
    const before = podCreates();
    const result = await computeplatform("up", "manifest.yaml", "--max-monthly-cost", "1000");
    expect(result.code, result.stdout + result.stderr).toBe(3);
    expect(lines(result.stdout).slice(-3)).toEqual([
      `Over budget: the stack would cost $${usd(price(A100) * 730, 2)}/month at the configurations placement would choose now, more than the $1,000.00/month of --max-monthly-cost.`,
      `  Pod trainer  +$${usd(price(A100) * 730, 2)}/month`,
      "Nothing was changed.",
    ]);
    expect(podCreates() - before).toBe(0);
  });

  it("up under a budget the A100 fits and the H100 does not creates the pod on the A100", async () => {
    const result = await computeplatform("up", "manifest.yaml", "--max-monthly-cost", "1500");
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(lines(result.stdout)).toContain("Done: 1 created");
    expect(api.emulator.snapshot().pods.map((pod) => [pod.name, pod.gpu?.id])).toEqual([["trainer", A100]]);
    expect((await computeplatform("destroy", "manifest.yaml")).code).toBe(0);
  });

  it("during a wait for capacity, up prints each wait", async () => {
    for (const site of A100_SITES) api.emulator.stock.setGpu(A100, site, { secure: 0, community: 0 });
    const child = spawn(process.execPath, [cli(), "up", "manifest.yaml"], { cwd: folder, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const waiting = new Promise<void>((resolve) =>
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes("waiting for capacity")) resolve();
      }),
    );
    const closed = once(child, "close");
    await Promise.race([waiting, closed]);
    for (const site of A100_SITES) api.emulator.stock.setGpu(A100, site, { secure: 4 });
    const [code] = (await closed) as [number | null];
    expect(code, stdout + stderr).toBe(0);
    const none = (sites: string[]) => `NONE in ${sites.join(", ")}`;
    expect(lines(stdout)).toContain(
      `pod "trainer": waiting for capacity: 1 x ${A100}: ${none(A100_SITES)}; 1 x ${H100}: ${none(H100_SITES)}; next check in 2 s`,
    );
    expect(lines(stdout)).toContain("Done: 1 created");
  });

  it("a failed check is said once, naming the property and the rule without the engine's wrapper", async () => {
    write(manifest("maxHourlyPrice: 1"));
    const result = await computeplatform("preview", "manifest.yaml");
    expect(result.code).toBe(1);
    const said = lines(result.stdout).filter((line) => line.includes("no acceptable GPU configuration is offered"));
    expect(said).toEqual([
      `preview failed: Pod trainer: placement: no acceptable GPU configuration is offered: 1 x ${A100}: $${price(A100)}/h is above maxHourlyPrice $1/h; ` +
        `1 x ${H100}: $${price(H100)}/h is above maxHourlyPrice $1/h (see gpu and placement)`,
    ]);
    write(manifest());
  });
});
