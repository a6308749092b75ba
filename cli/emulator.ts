import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import {
  type ApiKeyGrant,
  DEFAULT_JOB_OPTIONS,
  DEFAULT_QUOTAS,
  DEFAULT_TIMINGS,
  type EmulatorOptions,
  type RateLimitQuotas,
} from "../emulator/options";
import { isBearerToken } from "../emulator/http/auth";
import type { GpuStock } from "../emulator/data/stock";
import { type GpuStockOverrides, LiveStock } from "../emulator/placement/liveStock";
import { UserError } from "../provider/errors";

/** The latest a `--free-gpu-stock` release may come: its time in milliseconds stays an exact integer. */
const MAX_RELEASE_SECONDS = Math.floor(Number.MAX_SAFE_INTEGER / 1000);

export const help = `Usage: computeplatform emulator [options]

Serves the Compute Platform v2 API (pods, clusters, serverless endpoints, network volumes,
templates, registries, catalog, billing) and the job API on a local port, holding state in
memory, until interrupted with Ctrl+C (SIGINT) or SIGTERM. The job API answers at
/v2/<id>/run, runsync, status, stream, cancel, retry, purge-queue and health, for
the hosted text-to-video model and for queue-based endpoints, which echo their input (an input's
sleepMs sets how long the job runs, a stream array is yielded chunk by chunk, an error string
fails it). Load-balancing endpoints' workers echo requests at /v2/lb/<id>/<path>.

Options:
  --port N                   Port to listen on; 0 picks a free one. Default: 8787
  --host ADDRESS             Address to bind. Default: 127.0.0.1
  --api-key KEY              Accept KEY as a read-write API key. Repeatable.
                             Default: a random key, printed at startup.
  --read-only-key KEY        Accept KEY as a read-only API key (writes answer 403). Repeatable.
  --quota minute=N,hour=N,day=N
                             Requests allowed per account in each window; windows left out
                             keep their default. Default: ${Object.entries(DEFAULT_QUOTAS)
                               .map(([window, quota]) => `${window}=${quota}`)
                               .join(",")}
  --pod-start-ms N           Milliseconds from pod creation to RUNNING, split evenly between
                             PROVISIONING and STARTING. Default: ${DEFAULT_TIMINGS.provisioningMs + DEFAULT_TIMINGS.startingMs}
  --fail-pods-named REGEX    Pods whose name matches REGEX go to ERROR when they would become
                             RUNNING, to test how a program handles failed pods. Default: none
  --gpu-stock TYPE@DC:FIELD=N[,FIELD=N]
                             Idle GPUs of type TYPE in data center DC at start, replacing the
                             seed's FIELDs: secure and community (GPUs idle in each cloud),
                             clusterNodes (whole nodes idle for clusters). Pods, cluster members
                             and standing serverless workers hold what they take until stopped
                             or deleted; a create finding too few idle answers 400 "There are no
                             instances available with the requested specifications: ...".
                             Repeatable. Example, H100 sold out in Sweden:
                             --gpu-stock "NVIDIA H100 80GB HBM3@EU-SE-1:secure=0,community=0"
  --free-gpu-stock SECONDS:TYPE@DC:FIELD=N[,FIELD=N]
                             SECONDS after start, N more GPUs (or nodes) of TYPE in DC turn idle
                             in each FIELD, as when other users' pods end. Repeatable. Example:
                             --free-gpu-stock "30:NVIDIA H100 80GB HBM3@EU-SE-1:secure=2"
  --gpu-utilization PERCENT  Utilization (0 to 100) every running pod's GPUs report in runtime,
                             as a busy or an idle pod would. Default: a figure seeded per pod
  --text-to-video-endpoint-id ID
                             Endpoint id of the hosted text-to-video model. Default: ${DEFAULT_JOB_OPTIONS.textToVideoEndpointId}
  --job-queue-ms N           Milliseconds a job waits in the queue (its delayTime). Default: ${DEFAULT_JOB_OPTIONS.queueMs}
  --job-execution-ms N       Milliseconds an echo job runs; a text-to-video job runs this long
                             per generated second. Default: ${DEFAULT_JOB_OPTIONS.executionMs}
  -h, --help                 Show this help.
`;

/** Stock of a GPU type in a data center, as `--gpu-stock` and `--free-gpu-stock` name it. */
export interface GpuStockEntry {
  gpuTypeId: string;
  dataCenterId: string;
  idle: Partial<GpuStock>;
}

/** Stock that turns idle some time after start (`--free-gpu-stock`). */
export interface StockRelease extends GpuStockEntry {
  /** Seconds after the emulator started. */
  afterSeconds: number;
}

export interface EmulatorCommandOptions {
  emulator: EmulatorOptions & { host: string; port: number; apiKeys: ApiKeyGrant[] };
  /** Whether the read-write key was generated because none was given. */
  generatedKey: boolean;
  /** Stock freed while running, oldest first. */
  stockReleases: StockRelease[];
}

export function parse(args: string[]): EmulatorCommandOptions {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "api-key": { type: "string", multiple: true },
      "read-only-key": { type: "string", multiple: true },
      quota: { type: "string" },
      "pod-start-ms": { type: "string" },
      "fail-pods-named": { type: "string" },
      "text-to-video-endpoint-id": { type: "string" },
      "job-queue-ms": { type: "string" },
      "job-execution-ms": { type: "string" },
      "gpu-stock": { type: "string", multiple: true },
      "free-gpu-stock": { type: "string", multiple: true },
      "gpu-utilization": { type: "string" },
    },
  });
  const port = values.port === undefined ? 8787 : integerFlag("--port", values.port, 0, 65535);
  const host = values.host ?? "127.0.0.1";
  if (host === "") throw new UserError("--host must not be empty");
  const writeKeys = values["api-key"] ?? [];
  const generatedKey = writeKeys.length === 0;
  const apiKeys: ApiKeyGrant[] = [
    ...(generatedKey ? [`cpk_${randomBytes(18).toString("base64url")}`] : writeKeys).map((key) => ({ key })),
    ...(values["read-only-key"] ?? []).map((key) => ({ key, readOnly: true })),
  ];
  for (const { key } of apiKeys) {
    if (!isBearerToken(key)) throw new UserError(`--api-key/--read-only-key "${key}" cannot be sent as a bearer token`);
  }
  const emulator: EmulatorCommandOptions["emulator"] = { host, port, apiKeys };
  if (values.quota !== undefined) emulator.rateLimit = parseQuota(values.quota);
  if (values["gpu-utilization"] !== undefined)
    emulator.gpuUtilization = integerFlag("--gpu-utilization", values["gpu-utilization"], 0, 100);
  if (values["pod-start-ms"] !== undefined) {
    const total = integerFlag("--pod-start-ms", values["pod-start-ms"], 0, Number.MAX_SAFE_INTEGER);
    const provisioningMs = Math.floor(total / 2);
    emulator.timings = { provisioningMs, startingMs: total - provisioningMs };
  }
  const failPodsNamed = values["fail-pods-named"];
  if (failPodsNamed !== undefined) {
    try {
      new RegExp(failPodsNamed);
    } catch (error) {
      throw new UserError(`--fail-pods-named must be a regular expression; ${(error as Error).message}`);
    }
    emulator.faults = { failPodsNamed };
  }
  const textToVideoEndpointId = values["text-to-video-endpoint-id"];
  if (textToVideoEndpointId !== undefined && !/^[\w.-]+$/.test(textToVideoEndpointId)) {
    throw new UserError(`--text-to-video-endpoint-id must be letters, digits, ".", "_" or "-"; got "${textToVideoEndpointId}"`);
  }
  const jobMs = (flag: string, value: string | undefined) =>
    value === undefined ? undefined : integerFlag(flag, value, 0, Number.MAX_SAFE_INTEGER);
  emulator.jobs = {
    textToVideoEndpointId,
    queueMs: jobMs("--job-queue-ms", values["job-queue-ms"]),
    executionMs: jobMs("--job-execution-ms", values["job-execution-ms"]),
  };
  const gpuStock: GpuStockOverrides = {};
  for (const value of values["gpu-stock"] ?? []) {
    const { gpuTypeId, dataCenterId, idle } = gpuStockFlag("--gpu-stock", value);
    gpuStock[gpuTypeId] = { ...gpuStock[gpuTypeId], [dataCenterId]: { ...gpuStock[gpuTypeId]?.[dataCenterId], ...idle } };
  }
  if (Object.keys(gpuStock).length > 0) emulator.gpuStock = gpuStock;
  const stockReleases = (values["free-gpu-stock"] ?? []).map((value): StockRelease => {
    const match = /^(\d+):(.*)$/s.exec(value);
    if (match?.[1] === undefined || match[2] === undefined) {
      throw new UserError(`--free-gpu-stock must look like SECONDS:TYPE@DC:FIELD=N[,FIELD=N]; got "${value}"`);
    }
    const afterSeconds = Number(match[1]);
    // Checked here, as every flag is: a release the emulator refused once it listens would leave it serving.
    if (afterSeconds > MAX_RELEASE_SECONDS) {
      throw new UserError(`--free-gpu-stock SECONDS must be at most ${MAX_RELEASE_SECONDS}; got "${value}"`);
    }
    return { afterSeconds, ...gpuStockFlag("--free-gpu-stock", match[2]) };
  });
  return { emulator, generatedKey, stockReleases };
}

export async function run({ emulator: options, generatedKey, stockReleases }: EmulatorCommandOptions): Promise<void> {
  // Loaded here, not at the top: the other commands run without the emulator's server packages installed.
  const { startEmulator } = require("../emulator") as typeof import("../emulator");
  const startedAt = Date.now();
  const emulator = await startEmulator(options);
  for (const { afterSeconds, gpuTypeId, dataCenterId, idle } of stockReleases) {
    emulator.stock.freeGpuAt(startedAt + afterSeconds * 1000, gpuTypeId, dataCenterId, idle);
  }
  const [firstKey] = options.apiKeys;
  const lines = [`computeplatform emulator listening on ${emulator.url}`];
  for (const grant of options.apiKeys) {
    lines.push(
      `  ${grant.readOnly ? "Read-only key" : "API key"}: ${grant.key}${generatedKey && grant === firstKey ? " (generated)" : ""}`,
    );
  }
  lines.push(
    "",
    `  export COMPUTEPLATFORM_API_URL=${emulator.url}`,
    `  export COMPUTEPLATFORM_API_KEY=${firstKey?.key ?? ""}`,
    "",
    `OpenAPI description: ${emulator.url}/v2/openapi.json  Explorer: ${emulator.url}/docs`,
    "Press Ctrl+C to stop.",
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    const stop = (received: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(received);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await emulator.close();
  process.stdout.write(`Stopped on ${signal}.\n`);
}

function integerFlag(flag: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new UserError(`${flag} must be an integer from ${min} to ${max}; got "${value}"`);
  }
  return number;
}

/** `TYPE@DC:FIELD=N[,FIELD=N]`, checked against the catalog: the data center must carry the type. */
function gpuStockFlag(flag: string, value: string): GpuStockEntry {
  const malformed = new UserError(
    `${flag} must look like TYPE@DC:FIELD=N[,FIELD=N] with FIELD secure, community or clusterNodes; got "${value}"`,
  );
  const [, gpuTypeId, dataCenterId, fields] = /^([^@]+)@([^:]+):(.+)$/s.exec(value) ?? [];
  if (gpuTypeId === undefined || dataCenterId === undefined || fields === undefined) throw malformed;
  const idle: Partial<GpuStock> = {};
  for (const field of fields.split(",")) {
    const [, name, count] = /^(secure|community|clusterNodes)=(\d+)$/.exec(field.trim()) ?? [];
    if (name === undefined) throw malformed;
    idle[name as keyof GpuStock] = Number(count);
  }
  try {
    // The emulator's own check, on a copy of the seed: the same type and data center the emulator would accept.
    new LiveStock(Date.now).setGpu(gpuTypeId, dataCenterId, idle);
  } catch (error) {
    throw new UserError(`${flag} "${value}": ${(error as Error).message}`);
  }
  return { gpuTypeId, dataCenterId, idle };
}

function parseQuota(value: string): RateLimitQuotas {
  const quotas: RateLimitQuotas = { ...DEFAULT_QUOTAS };
  for (const entry of value.split(",")) {
    const match = /^(minute|hour|day)=(\d+)$/.exec(entry.trim());
    if (match === null || match[1] === undefined || match[2] === undefined) {
      throw new UserError(`--quota must look like minute=60,hour=3000,day=50000; got "${value}"`);
    }
    quotas[match[1] as keyof RateLimitQuotas] = Number(match[2]);
  }
  return quotas;
}
