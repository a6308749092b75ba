/**
 * `npm run bench [-- --sizes 10,50,100]`: `up`, a no-op `up` and `destroy` of N CPU pods through the real Pulumi
 * engine against the emulator at the reference quota (60 requests a minute) with pods that take 60 s from
 * create to RUNNING, for this package's Pod and, in the same run, for a naive dynamic provider (per-pod GET
 * every 5 s, no shared limiter), beside the computed floor. Prints a table and writes it, with one SVG chart
 * of calls over time per size, to bench-results/.
 *
 * Then, unless `--scarce 0`: `up` of N GPU pods (`--scarce`, default 5) asking for H100, sold out until a minute
 * later, with A100 as the alternative: this package's Pod (`placement`) against the naive provider, which sends
 * the same H100 create again every 5 s until it is placed.
 *
 * Each provider gets its own emulator, so neither spends the other's quota; the emulator's windows are
 * aligned to the clock, so where in a minute a run starts moves its numbers a little.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import * as pulumi from "@pulumi/pulumi";
import type { EngineEvent, PulumiCommand, PulumiFn } from "@pulumi/pulumi/automation";
import { ensurePulumiCli, fileBackend, openStack, type StackDriver } from "../../automation";
import { moduleProgram, prepareProgramFolder } from "../../automation/programFolder";
import { type Emulator, type EmulatorOptions, startEmulator } from "../../emulator";
import { type BenchSettings, floorOf, operationMetrics } from "./metrics";
import { naivePodProvider } from "./naivePodProvider";
import { type BenchRow, callsChart, markdownTable } from "./report";
import { timeRequests } from "./requestLog";

const repoRoot = path.resolve(__dirname, "..", "..", "..");
const outputFolder = path.join(repoRoot, "bench-results");
const settings: BenchSettings = { quotaPerMinute: 60, provisioningMs: 60_000, tickMs: 5000 };
const quota = { minute: settings.quotaPerMinute, hour: 3000, day: 50000 };
const podArgs = (i: number) => ({ name: `bench-${i}`, image: "alpine:3", cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 } });

/** The scarcity case: H100 sold out everywhere until `soldOutMs` after the emulator starts; A100 is free. */
const scarcity = { settings: { ...settings, provisioningMs: 20_000 }, soldOutMs: 60_000, freedIn: "US-CA-2" };
const H100 = "NVIDIA H100 80GB HBM3";
const scarcePodArgs = (i: number) => ({ name: `scarce-${i}`, image: "alpine:3", gpu: { id: H100 } });
const placement = { alternatives: [{ id: "NVIDIA A100 80GB PCIe" }] };

type ProviderName = "computeplatform" | "naive";

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sizes: { type: "string", default: "10,50,100" }, scarce: { type: "string", default: "5" } } });
  const scarce = Number(values.scarce);
  if (!Number.isInteger(scarce) || scarce < 0) throw new Error(`--scarce: "${values.scarce}" is not a whole number`);
  const sizes = (values.sizes === "" ? [] : values.sizes.split(",")).map((size) => {
    const n = Number(size);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--sizes: "${size}" is not a positive whole number`);
    return n;
  });

  const cli = await ensurePulumiCli();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-bench-"));
  try {
    say(`packing this checkout into ${folder}`);
    await prepareProgramFolder({ folder, packages: [repoRoot] });
    const programs: Record<ProviderName, (n: number, workDir: string) => PulumiFn> = {
      computeplatform: (n, workDir) =>
        podProgram(
          workDir,
          Array.from({ length: n }, (_, i) => podArgs(i)),
        ),
      naive: (n) => async () => {
        for (let i = 0; i < n; i++) new NaivePod(`pod-${i}`, podArgs(i));
      },
    };

    fs.mkdirSync(outputFolder, { recursive: true });
    const rows: BenchRow[] = [];
    for (const n of sizes) {
      for (const provider of ["computeplatform", "naive"] as const) {
        rows.push(...(await benchOne(n, provider, (workDir) => programs[provider](n, workDir), folder, cli.command)));
      }
      const ups = rows.filter((row) => row.n === n && row.operation === "up");
      const chart = callsChart(`up of ${n} CPU pods at ${settings.quotaPerMinute} requests a minute, 60 s to RUNNING`, [
        ...ups.map((row) => ({ label: row.provider, metrics: row.metrics })),
      ]);
      fs.writeFileSync(path.join(outputFolder, `calls-${n}.svg`), chart);
    }

    if (scarce > 0) {
      const scarcePrograms: Record<ProviderName, (workDir: string) => PulumiFn> = {
        computeplatform: (workDir) =>
          podProgram(
            workDir,
            Array.from({ length: scarce }, (_, i) => ({ ...scarcePodArgs(i), placement })),
          ),
        naive: () => async () => {
          for (let i = 0; i < scarce; i++) new NaivePod(`pod-${i}`, scarcePodArgs(i));
        },
      };
      for (const provider of ["computeplatform", "naive"] as const) {
        rows.push(...(await benchScarce(scarce, provider, scarcePrograms[provider], folder, cli.command)));
      }
    }

    const table = markdownTable(rows);
    say(`\n${table}\n`);
    const report = [
      "# npm run bench",
      "",
      `${new Date().toISOString()}: CPU pods through the Pulumi engine against the emulator at ${settings.quotaPerMinute} requests a minute, ` +
        `${settings.provisioningMs / 1000} s from create to RUNNING. Floor: N creates and one list per ${settings.tickMs / 1000} s tick ` +
        "until the last pod runs; for destroy, N deletes and one list. " +
        `Scarce up: N GPU pods asking for H100, sold out for ${scarcity.soldOutMs / 1000} s, with A100 free as the alternative ` +
        `(${scarcity.settings.provisioningMs / 1000} s to RUNNING); the naive provider sends the H100 create again every 5 s.`,
      "",
      table,
      "",
      ...sizes.map((n) => `![calls over time, N=${n}](calls-${n}.svg)`),
      "",
    ].join("\n");
    fs.writeFileSync(path.join(outputFolder, "report.md"), report);
    say(`written to ${path.relative(process.cwd(), outputFolder)}/`);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** A program file in the work dir that imports the packed package, as a user's program would, and declares these pods. */
function podProgram(workDir: string, pods: object[]): PulumiFn {
  fs.writeFileSync(
    path.join(workDir, "index.js"),
    `const { Pod } = require("pulumi-computeplatform");\nfor (const [i, args] of ${JSON.stringify(pods)}.entries()) new Pod(\`pod-\${i}\`, args);\n`,
  );
  return moduleProgram(path.join(workDir, "index.js"));
}

/** The naive provider's pod, as a dynamic resource whose provider Pulumi serializes from this file. */
class NaivePod extends pulumi.dynamic.Resource {
  constructor(name: string, args: object) {
    super(naivePodProvider, name, args, undefined, "bench", "NaivePod");
  }
}

/** `up`, no-op `up` and `destroy` of one provider's program on a fresh emulator. */
function benchOne(
  n: number,
  provider: ProviderName,
  programIn: (workDir: string) => PulumiFn,
  folder: string,
  pulumiCommand: PulumiCommand,
) {
  return benchOn(n, provider, programIn, folder, pulumiCommand, { settings }, async (measure, stack, parallel) => {
    await measure("up", (onEvent) => stack.up({ parallel, onEvent }));
    await measure("no-op up", (onEvent) => stack.up({ parallel, onEvent }));
    await measure("destroy", (onEvent) => stack.destroy({ parallel, onEvent }));
  });
}

/** `up` of one provider's scarce program on a fresh emulator whose H100s are sold out for a minute; then `destroy`, not measured. */
function benchScarce(
  n: number,
  provider: ProviderName,
  programIn: (workDir: string) => PulumiFn,
  folder: string,
  pulumiCommand: PulumiCommand,
) {
  const scene = {
    settings: scarcity.settings,
    gpuStock: { [H100]: { "US-CA-2": { secure: 0, community: 0 }, "EU-SE-1": { secure: 0, community: 0 } } },
    prepare: (emulator: Emulator) => emulator.stock.freeGpuAt(Date.now() + scarcity.soldOutMs, H100, scarcity.freedIn, { secure: n }),
  };
  return benchOn(n, provider, programIn, folder, pulumiCommand, scene, async (measure, stack, parallel) => {
    await measure("scarce up", (onEvent) => stack.up({ parallel, onEvent }));
    await stack.destroy({ parallel });
  });
}

type Measure = (operation: BenchRow["operation"], run: (onEvent: (event: EngineEvent) => void) => Promise<unknown>) => Promise<void>;

/** Runs `operations` on one provider's program against a fresh emulator set up for `scene`, measuring each. */
async function benchOn(
  n: number,
  provider: ProviderName,
  programIn: (workDir: string) => PulumiFn,
  folder: string,
  pulumiCommand: PulumiCommand,
  scene: { settings: BenchSettings; gpuStock?: EmulatorOptions["gpuStock"]; prepare?: (emulator: Emulator) => void },
  operations: (measure: Measure, stack: StackDriver, parallel: number) => Promise<void>,
): Promise<BenchRow[]> {
  const apiKey = `bench-${randomBytes(18).toString("base64url")}`;
  const emulator = await startEmulator({
    apiKeys: [apiKey],
    rateLimit: quota,
    timings: { provisioningMs: scene.settings.provisioningMs - 10_000, startingMs: 10_000 },
    gpuStock: scene.gpuStock,
  });
  scene.prepare?.(emulator);
  const requests = timeRequests(emulator);
  const workDir = fs.mkdtempSync(path.join(folder, `${provider}-${n}-`));
  let stack: StackDriver | undefined;
  try {
    stack = await openStack({
      program: programIn(workDir),
      stackName: "bench",
      projectName: "bench",
      workDir,
      backendUrl: fileBackend(path.join(workDir, ".pulumi-state")),
      pulumiHome: path.join(workDir, ".pulumi-home"),
      passphrase: randomBytes(16).toString("hex"),
      pulumiCommand,
      config: { "computeplatform:apiUrl": { value: emulator.url }, "computeplatform:apiKey": { value: apiKey, secret: true } },
      envVars: { BENCH_NAIVE_API_URL: emulator.url, BENCH_NAIVE_API_KEY: apiKey },
    });
    const opened = stack;
    const rows: BenchRow[] = [];
    const measure: Measure = async (operation, run) => {
      const from = requests().length;
      let failed = 0;
      const startedAt = Date.now();
      try {
        await run((event) => {
          if (event.resOpFailedEvent) failed += 1;
        });
      } catch (error) {
        failed += 1;
        say(`N=${n} ${provider} ${operation} failed: ${(error instanceof Error ? error.message : String(error)).slice(-2000)}`);
      }
      const wallMs = Date.now() - startedAt;
      const metrics = operationMetrics(requests().slice(from), startedAt, wallMs, failed);
      rows.push({ n, operation, provider, metrics, floor: floorOf(operation, n, scene.settings) });
      say(
        `N=${n} ${provider} ${operation}: ${metrics.calls} calls (${metrics.rateLimited} answered 429), ${(wallMs / 1000).toFixed(1)} s, ${failed} failed`,
      );
    };
    // The engine's default parallelism is 4 per CPU core; a stack of N pods that wait for RUNNING needs N.
    await operations(measure, opened, n + 1);
    return rows;
  } finally {
    await stack?.remove().catch(() => undefined);
    await emulator.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
