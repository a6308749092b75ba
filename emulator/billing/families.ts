import { createHash } from "node:crypto";
import { findCpuOffer, findGpuOffer, podHourlyPrice } from "../catalog/offers";
import { placedGpuType, workersReadyAt } from "../serverless/workers";
import { runsOf, statusAt, timelineOf } from "../jobs/jobTimeline";
import type { Lifecycle } from "../pods/lifecycle";
import type { PodTimings } from "../options";
import { type AccountState, type EndpointRecord, ID_ALPHABET, type NetworkVolumeRecord, type PodRecord } from "../store";
import type { EndpointGpuConfig } from "../wire";

/**
 * What an account spent, per resource and per span of time. Pods, network volumes, serverless endpoints and public
 * endpoint jobs are billed from what the emulator actually ran, gone resources included; clusters get a seeded
 * history that depends only on the account name and the hour. Amounts are integers in millionths of a USD so that
 * every total is the exact sum of its parts.
 */

export const BUCKET_SIZES = ["hour", "day", "week", "month", "year"] as const;
export type BucketSize = (typeof BUCKET_SIZES)[number];

/** A half-open range of instants [start, end), in ms since the epoch. */
export interface Span {
  start: number;
  end: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Storage is priced per GB-month; a month is 730 hours. */
const HOURS_PER_MONTH = 730;

/** Start of the bucket holding `instant` (UTC; weeks start on Monday). */
export function bucketStart(instant: number, size: BucketSize): number {
  const date = new Date(instant);
  switch (size) {
    case "hour":
      return Math.floor(instant / HOUR) * HOUR;
    case "day":
      return Math.floor(instant / DAY) * DAY;
    case "week": {
      const day = Math.floor(instant / DAY);
      // 1970-01-01 was a Thursday, three days after a Monday.
      return (day - (((day + 3) % 7) + 7) % 7) * DAY;
    }
    case "month":
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    case "year":
      return Date.UTC(date.getUTCFullYear(), 0, 1);
  }
}

/** Start of the bucket `count` buckets after (or, when negative, before) the bucket starting at `start`. */
export function bucketsAfter(start: number, size: BucketSize, count: number): number {
  const date = new Date(start);
  switch (size) {
    case "hour":
      return start + count * HOUR;
    case "day":
      return start + count * DAY;
    case "week":
      return start + count * 7 * DAY;
    case "month":
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1);
    case "year":
      return Date.UTC(date.getUTCFullYear() + count, 0, 1);
  }
}

/** The end of the bucket `instant` lands in, or `instant` itself when it is a boundary. */
export function bucketEnd(instant: number, size: BucketSize): number {
  const start = bucketStart(instant, size);
  return start === instant ? instant : bucketsAfter(start, size, 1);
}

/** The buckets of an aligned window, oldest first; stops after `limit` buckets. */
export function bucketsOf(window: Span, size: BucketSize, limit = Number.POSITIVE_INFINITY): Span[] {
  const buckets: Span[] = [];
  for (let start = window.start; start < window.end && buckets.length < limit; ) {
    const end = bucketsAfter(start, size, 1);
    buckets.push({ start, end });
    start = end;
  }
  return buckets;
}

/** Spend per cost component, in millionths of a USD. */
export type Spend<Component extends string> = Record<Component, number>;

/** One billed resource: when it existed, and what it cost within any span of that time. */
export interface BilledResource<Component extends string> {
  id: string;
  existed: Span;
  /** Spend within `span`, which lies inside `existed`. */
  spend(span: Span): Spend<Component>;
}

/** The cost components of the aggregate history, in the order records carry them. */
export const AGGREGATE_COMPONENTS = [
  "podGpuAmount",
  "podCpuAmount",
  "podDiskAmount",
  "serverlessGpuAmount",
  "serverlessCpuAmount",
  "serverlessDiskAmount",
  "serverlessFeeAmount",
  "storageStandardAmount",
  "storageHighPerformanceAmount",
  "endpointAmount",
  "clusterGpuAmount",
  "clusterDiskAmount",
  "clusterNetworkingAmount",
] as const;
export type AggregateComponent = (typeof AGGREGATE_COMPONENTS)[number];

/** What billing reads: the account, the pod lifecycle (for when pods ran), worker start-up times and the clock. */
export interface BillingSource {
  account: AccountState;
  lifecycle: Lifecycle;
  timings: Required<PodTimings>;
  now: number;
}

/** One billing history: its resources and how its components add up into the aggregate history. */
export interface BillingFamily<Component extends string> {
  /** Components shown on this family's own records, besides `totalAmount`. */
  recordComponents: readonly Component[];
  /** The aggregate component each of this family's components adds to. */
  aggregate: Record<Component, AggregateComponent>;
  resources(source: BillingSource): BilledResource<Component>[];
}

/** List prices the emulator bills storage at, in USD per GB-month. */
const STORAGE_PRICE = {
  /** Container disk and persistent volume while the pod runs. */
  podDiskRunning: 0.1,
  /** Persistent volume while the pod is not running. */
  podVolumeIdle: 0.2,
  networkVolumeStandard: 0.07,
  networkVolumeHighPerformance: 0.14,
};

type PodComponent = "gpuAmount" | "cpuAmount" | "diskAmount";

export const podBilling: BillingFamily<PodComponent> = {
  recordComponents: ["gpuAmount", "cpuAmount", "diskAmount"],
  aggregate: { gpuAmount: "podGpuAmount", cpuAmount: "podCpuAmount", diskAmount: "podDiskAmount" },
  resources: ({ account, lifecycle, now }) => [
    ...[...account.pods.values()].map((pod) => billedPod(pod, now, lifecycle)),
    ...account.retiredPods.map(({ record, removedAt }) => billedPod(record, removedAt, lifecycle)),
  ],
};

/**
 * Compute at the pod's hourly price while it is RUNNING; its container disk and persistent volume while it runs,
 * and the persistent volume alone, at the idle rate, the rest of its life.
 */
function billedPod(pod: PodRecord, gone: number, lifecycle: Lifecycle): BilledResource<PodComponent> {
  const running = runningSpans(pod, gone, lifecycle);
  const hourlyPrice = podHourlyPrice(pod.compute, pod.cloud);
  const volumeGb = pod.mounts.persistent?.size ?? 0;
  return {
    id: pod.id,
    existed: { start: pod.createdAt, end: gone },
    spend(span) {
      const runningHours = running.reduce((sum, run) => sum + overlap(run, span), 0) / HOUR;
      const idleHours = (span.end - span.start) / HOUR - runningHours;
      const compute = micros(hourlyPrice * runningHours);
      const diskGbMonths =
        ((pod.disk + volumeGb) * STORAGE_PRICE.podDiskRunning * runningHours + volumeGb * STORAGE_PRICE.podVolumeIdle * idleHours) /
        HOURS_PER_MONTH;
      return {
        gpuAmount: pod.compute.kind === "gpu" ? compute : 0,
        cpuAmount: pod.compute.kind === "cpu" ? compute : 0,
        diskAmount: micros(diskGbMonths),
      };
    },
  };
}

/** When the pod was RUNNING, up to `until`: from each boot's RUNNING milestone to the next phase. */
function runningSpans(pod: PodRecord, until: number, lifecycle: Lifecycle): Span[] {
  if (lifecycle.failsOnStart(pod)) return [];
  return pod.phases.flatMap((phase, index) => {
    if (phase.kind !== "booting") return [];
    const start = lifecycle.milestones(phase).runningAt;
    const end = Math.min(pod.phases[index + 1]?.since ?? until, until);
    return start < end ? [{ start, end }] : [];
  });
}

type VolumeComponent = "standardAmount" | "highPerformanceAmount";

export const networkVolumeBilling: BillingFamily<VolumeComponent> = {
  recordComponents: ["standardAmount", "highPerformanceAmount"],
  aggregate: { standardAmount: "storageStandardAmount", highPerformanceAmount: "storageHighPerformanceAmount" },
  resources: ({ account, now }) => [
    ...[...account.networkVolumes.values()].map((record) => billedVolume(record, now)),
    ...account.retiredNetworkVolumes.map(({ record, removedAt }) => billedVolume(record, removedAt)),
  ],
};

/** Storage per GB-month by type, at the volume's current size, from creation until deletion. */
function billedVolume(record: NetworkVolumeRecord, gone: number): BilledResource<VolumeComponent> {
  const { id, size, type } = record.volume;
  const standard = type === "STANDARD";
  const price = standard ? STORAGE_PRICE.networkVolumeStandard : STORAGE_PRICE.networkVolumeHighPerformance;
  return {
    id,
    existed: { start: record.createdAt, end: gone },
    spend(span) {
      const amount = micros((size * price * (span.end - span.start)) / HOUR / HOURS_PER_MONTH);
      return { standardAmount: standard ? amount : 0, highPerformanceAmount: standard ? 0 : amount };
    },
  };
}

type ServerlessComponent = "gpuAmount" | "cpuAmount" | "diskAmount" | "feeAmount";

/** The platform's fee, a share of serverless compute. */
const SERVERLESS_FEE_SHARE = 0.02;

/**
 * Serverless endpoints, gone ones included, from the workers they actually ran: the standing workers (at the
 * endpoint's current `workers.min`) from the moment the first were ready, and with no standing worker the one scaled
 * up from zero while jobs ran. Compute at the serverless price of the placed GPU type or CPU flavor, the workers'
 * container disk, and the platform fee on compute.
 */
export const serverlessBilling: BillingFamily<ServerlessComponent> = {
  recordComponents: ["gpuAmount", "cpuAmount", "diskAmount", "feeAmount"],
  aggregate: {
    gpuAmount: "serverlessGpuAmount",
    cpuAmount: "serverlessCpuAmount",
    diskAmount: "serverlessDiskAmount",
    feeAmount: "serverlessFeeAmount",
  },
  resources: ({ account, timings, now }) => [
    ...[...account.endpoints.values()].map((endpoint) => billedEndpoint(endpoint, now, timings)),
    ...account.retiredEndpoints.map(({ record, removedAt }) => billedEndpoint(record, removedAt, timings)),
  ],
};

function billedEndpoint(endpoint: EndpointRecord, gone: number, timings: Required<PodTimings>): BilledResource<ServerlessComponent> {
  const gpuHourly = endpoint.gpu === null ? 0 : gpuWorkerHourly(endpoint.gpu);
  const cpu = endpoint.cpu?.[0];
  const cpuHourly = cpu === undefined ? 0 : cpu.vcpuCount * (findCpuOffer(cpu.id)?.type.price.serverlessPerVcpu ?? 0);
  const standing = endpoint.workers.min;
  const standingSince = workersReadyAt(endpoint, timings);
  const onDemand = standing > 0 ? [] : merged([...endpoint.jobs.values()].flatMap((job) => runsOf(job, gone)));
  return {
    id: endpoint.id,
    existed: { start: endpoint.createdAt, end: gone },
    spend(span) {
      const workerMs = standing * overlap({ start: standingSince, end: gone }, span) + onDemand.reduce((sum, run) => sum + overlap(run, span), 0);
      const workerHours = workerMs / HOUR;
      const gpu = workerHours * gpuHourly;
      const cpuAmount = workerHours * cpuHourly;
      return {
        gpuAmount: micros(gpu),
        cpuAmount: micros(cpuAmount),
        diskAmount: micros((workerHours * endpoint.disk * STORAGE_PRICE.podDiskRunning) / HOURS_PER_MONTH),
        feeAmount: micros((gpu + cpuAmount) * SERVERLESS_FEE_SHARE),
      };
    },
  };
}

/** A worker's price per hour: its GPUs at the serverless price of the type the emulator places it on. */
function gpuWorkerHourly(gpu: EndpointGpuConfig): number {
  const type = placedGpuType(gpu);
  return gpu.count * (type === null ? 0 : (findGpuOffer(type)?.type.price.serverless ?? 0));
}

/** The spans' union, as disjoint spans: concurrent jobs share their worker. */
function merged(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const union: Span[] = [];
  for (const span of sorted) {
    const last = union[union.length - 1];
    if (last !== undefined && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else union.push({ ...span });
  }
  return union;
}

/** Public endpoint jobs: each COMPLETED hosted-model job costs what its output says, when it completes. */
export const endpointBilling: BillingFamily<"amount"> = {
  recordComponents: [],
  aggregate: { amount: "endpointAmount" },
  resources: ({ account, now }) => {
    const charges = [...account.hostedJobs.values()].flatMap((job) => {
      const cost = job.result.output?.cost;
      const completedAt = timelineOf(job).endsAt;
      return statusAt(job, now) === "COMPLETED" && typeof cost === "number" ? [{ at: completedAt, usd: cost }] : [];
    });
    if (charges.length === 0) return [];
    return [
      {
        id: "",
        existed: { start: Math.min(...charges.map((charge) => charge.at)), end: now },
        spend: (span) => ({
          amount: micros(charges.filter(({ at }) => at >= span.start && at < span.end).reduce((sum, { usd }) => sum + usd, 0)),
        }),
      },
    ];
  },
};

/** Seeded resources have been running since then, whatever the clock reads. */
const SEEDED_SINCE = Date.UTC(2024, 0, 1);

type ClusterComponent = "gpuAmount" | "diskAmount" | "networkingAmount";

/** A seeded training cluster: 2 nodes of 8 H100 in the secure cloud, 1000 GB of disk each. */
const SEEDED_CLUSTER = {
  key: "cluster:training",
  nodes: 2,
  gpusPerNode: 8,
  gpuHourly: findGpuOffer("NVIDIA H100 80GB HBM3")?.type.price.secure ?? 0,
  diskGbPerNode: 1000,
  /** USD per node-hour for the inter-node fabric. */
  networkingPerNodeHour: 0.4,
  /** It trains from 00:00 to 06:00 UTC, on four nights out of five. */
  firstHour: 0,
  hours: 6,
  nightsWithRun: 0.8,
};

export const clusterBilling: BillingFamily<ClusterComponent> = {
  recordComponents: ["gpuAmount", "diskAmount", "networkingAmount"],
  aggregate: { gpuAmount: "clusterGpuAmount", diskAmount: "clusterDiskAmount", networkingAmount: "clusterNetworkingAmount" },
  resources: ({ account, now }) => {
    const cluster = SEEDED_CLUSTER;
    const seed = seedOf(account.name, cluster.key);
    return [
      seededResource(seededId(account.name, cluster.key), now, (hour) => {
        const hourOfDay = hour % 24;
        const runs =
          hourOfDay >= cluster.firstHour &&
          hourOfDay < cluster.firstHour + cluster.hours &&
          noise(seed, Math.floor(hour / 24)) < cluster.nightsWithRun;
        if (!runs) return { gpuAmount: 0, diskAmount: 0, networkingAmount: 0 };
        return {
          gpuAmount: cluster.nodes * cluster.gpusPerNode * cluster.gpuHourly,
          diskAmount: (cluster.nodes * cluster.diskGbPerNode * STORAGE_PRICE.podDiskRunning) / HOURS_PER_MONTH,
          networkingAmount: cluster.nodes * cluster.networkingPerNodeHour,
        };
      }),
    ];
  },
};

/**
 * A seeded resource whose spend in each whole hour (counted from the epoch) is `hourly(hour)` in USD; a span
 * covering part of an hour (the current one) pays that part.
 */
function seededResource<Component extends string>(
  id: string,
  now: number,
  hourly: (hour: number) => Record<Component, number>,
): BilledResource<Component> {
  return {
    id,
    existed: { start: SEEDED_SINCE, end: now },
    spend(span) {
      const totals = {} as Record<Component, number>;
      for (let hour = Math.floor(span.start / HOUR); hour * HOUR < span.end; hour++) {
        const share = overlap({ start: hour * HOUR, end: (hour + 1) * HOUR }, span) / HOUR;
        for (const [component, usd] of Object.entries(hourly(hour)) as Array<[Component, number]>) {
          totals[component] = (totals[component] ?? 0) + usd * share;
        }
      }
      return Object.fromEntries(Object.entries(totals).map(([component, usd]) => [component, micros(usd as number)])) as Spend<Component>;
    },
  };
}

/** A deterministic number in [0, 1) for a seed and an index (a 32-bit integer mix). */
function noise(seed: number, index: number): number {
  let x = (seed ^ Math.imul(index, 0x9e3779b1)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
}

function seedOf(account: string, key: string): number {
  return createHash("sha256").update(`${account}:${key}`).digest().readUInt32BE(0);
}

/** A stable id for a seeded resource of an account, shaped like the emulator's own ids. */
export function seededId(account: string, key: string): string {
  const bytes = createHash("sha256").update(`id:${account}:${key}`).digest();
  return Array.from(bytes.subarray(0, 10), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
}

/** Milliseconds two spans share. */
export function overlap(a: Span, b: Span): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

function micros(usd: number): number {
  return Math.round(usd * 1_000_000);
}
