import { isBearerToken } from "./http/auth";
import type { GpuStockOverrides } from "./placement/liveStock";

/** An API key the emulator accepts, with the account it belongs to and what it may do. */
export interface ApiKeyGrant {
  /** The bearer token, sent as `Authorization: Bearer <key>`. */
  key: string;
  /**
   * Account that owns what this key creates. Keys of the same account share resources and rate-limit quotas;
   * a resource of another account answers 403.
   * @default "default"
   */
  account?: string;
  /**
   * A read-only key may only read: POST, PATCH, PUT and DELETE answer 403.
   * @default false
   */
  readOnly?: boolean;
}

/** Requests allowed per account in each fixed window (windows are aligned to the Unix epoch). */
export interface RateLimitQuotas {
  /** Requests per 60-second window. */
  minute: number;
  /** Requests per 3600-second window. */
  hour: number;
  /** Requests per 86400-second window. */
  day: number;
}

/** How long a pod spends in each phase before it is RUNNING. */
export interface PodTimings {
  /**
   * Milliseconds in PROVISIONING before the pod turns STARTING.
   * @default 200
   */
  provisioningMs?: number;
  /**
   * Milliseconds in STARTING before the pod turns RUNNING.
   * @default 300
   */
  startingMs?: number;
}

/** How the job API runs jobs. */
export interface JobOptions {
  /**
   * Endpoint id under which the hosted text-to-video model answers the job API (`/v2/{endpointId}/run` and the rest).
   * @default "text-to-video"
   */
  textToVideoEndpointId?: string;
  /**
   * Milliseconds a job waits in the queue before a worker takes it (its `delayTime`), or longer while the
   * endpoint's standing workers still start.
   * @default 100
   */
  queueMs?: number;
  /**
   * Milliseconds an echo job runs (its `executionTime`) unless its input's `sleepMs` says otherwise; a text-to-video
   * job runs this long per generated second.
   * @default 200
   */
  executionMs?: number;
}

/** Failures that are part of the emulator's configuration from the start. */
export interface StartupFaults {
  /**
   * A RegExp source: a pod whose name matches goes to ERROR at the moment it would have become RUNNING.
   * @default undefined (no pod fails)
   */
  failPodsNamed?: string;
}

export interface EmulatorOptions {
  /**
   * Address to listen on.
   * @default "127.0.0.1"
   */
  host?: string;
  /**
   * Port to listen on; 0 picks a free port.
   * @default 0
   */
  port?: number;
  /**
   * Accepted API keys. A plain string is a read-write key of the account "default".
   * @default ["emulator-key"]
   */
  apiKeys?: Array<string | ApiKeyGrant>;
  /**
   * Per-account quotas, or `false` to treat every caller as rate-limit exempt (no RateLimit headers, no 429).
   * @default { minute: 1000, hour: 20000, day: 200000 }
   */
  rateLimit?: RateLimitQuotas | false;
  /** Pod phase durations. */
  timings?: PodTimings;
  /** Job API behaviour. */
  jobs?: JobOptions;
  /** Failures configured at startup; more can be injected at run time through `Emulator.faults`. */
  faults?: StartupFaults;
  /**
   * Current time in milliseconds since the epoch. Pod and job status, rate-limit windows and log lines are all
   * derived from it, so a test can move time forward without waiting; the wait of `runsync` ends
   * by it too, so a test moves it forward while they wait.
   * @default Date.now
   */
  clock?: () => number;
  /**
   * Idle GPU stock at start, per GPU type id and data center id, replacing the seed's fields given (`secure`,
   * `community`, `clusterNodes`: non-negative integers); each data center must carry the type. More can be scripted
   * while running through `Emulator.stock`.
   * @default {} (the seed stock of `emulator/data/stock.ts`)
   */
  gpuStock?: GpuStockOverrides;
  /** The utilization (0 to 100) every GPU reports in `runtime`, unless set per pod through `Emulator.gpuUtilization`. @default seeded per pod */
  gpuUtilization?: number;
}

export interface ResolvedOptions {
  host: string;
  port: number;
  apiKeys: Required<ApiKeyGrant>[];
  rateLimit: RateLimitQuotas | false;
  timings: Required<PodTimings>;
  jobs: Required<JobOptions>;
  failPodsNamed: RegExp | null;
  clock: () => number;
  gpuStock: GpuStockOverrides;
  gpuUtilization?: number;
}

export const DEFAULT_ACCOUNT = "default";
const DEFAULT_API_KEY = "emulator-key";
export const DEFAULT_QUOTAS: RateLimitQuotas = { minute: 1000, hour: 20000, day: 200000 };
export const DEFAULT_TIMINGS: Required<PodTimings> = { provisioningMs: 200, startingMs: 300 };
export const DEFAULT_JOB_OPTIONS: Required<JobOptions> = {
  textToVideoEndpointId: "text-to-video",
  queueMs: 100,
  executionMs: 200,
};

export function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  const apiKeys = (options.apiKeys ?? [DEFAULT_API_KEY]).map((grant) =>
    typeof grant === "string"
      ? { key: grant, account: DEFAULT_ACCOUNT, readOnly: false }
      : { key: grant.key, account: grant.account ?? DEFAULT_ACCOUNT, readOnly: grant.readOnly ?? false },
  );
  for (const { key } of apiKeys) {
    if (!isBearerToken(key)) throw new Error(`API key "${key}" cannot be sent as a bearer token`);
  }
  return {
    host: options.host ?? "127.0.0.1",
    port: options.port ?? 0,
    apiKeys,
    rateLimit: options.rateLimit === undefined ? DEFAULT_QUOTAS : options.rateLimit,
    timings: {
      provisioningMs: options.timings?.provisioningMs ?? DEFAULT_TIMINGS.provisioningMs,
      startingMs: options.timings?.startingMs ?? DEFAULT_TIMINGS.startingMs,
    },
    jobs: { ...DEFAULT_JOB_OPTIONS, ...stripUndefined(options.jobs ?? {}) },
    failPodsNamed: options.faults?.failPodsNamed === undefined ? null : new RegExp(options.faults.failPodsNamed),
    clock: options.clock ?? Date.now,
    gpuStock: options.gpuStock ?? {},
    gpuUtilization: options.gpuUtilization,
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
