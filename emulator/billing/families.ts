import { findCpuOffer, findGpuOffer } from "../catalog/offers";
import { NETWORK_VOLUME_PRICE } from "../data/prices";
import { runsOf, statusAt, timelineOf } from "../jobs/jobTimeline";
import type { PodTimings } from "../options";
import type { Lifecycle } from "../pods/lifecycle";
import { placedGpuType, workersReadyAt } from "../serverless/workers";
import type { NetworkVolumeRecord } from "../networkVolumes/collection";
import type { AccountState, EndpointRecord, PodRecord, Retired } from "../store";
import type { EndpointGpuConfig } from "../wire";
import { type BilledResource, HOURS_PER_MONTH, micros } from "./billedResource";
import { type PodUsage, podUsage } from "./podUsage";
import { HOUR, merged, overlap } from "./spans";

/**
 * What an account spent, per resource and per span of time. Pods, clusters, network volumes, serverless endpoints and
 * public endpoint jobs are billed from what the emulator actually ran, gone resources included; clusters also from a
 * seeded history (`clusterBilling.ts`).
 */

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
type PodComponent = "gpuAmount" | "cpuAmount" | "diskAmount";

export const podBilling: BillingFamily<PodComponent> = {
  recordComponents: ["gpuAmount", "cpuAmount", "diskAmount"],
  aggregate: { gpuAmount: "podGpuAmount", cpuAmount: "podCpuAmount", diskAmount: "podDiskAmount" },
  resources: ({ account, lifecycle, now }) =>
    livingAndGone(account.pods, account.retired("pods"), now)
      // Pod billing is of standalone pods: a cluster's members are billed with their cluster (`clusterBilling.ts`).
      .filter(({ record }) => record.membership === null)
      .map(({ record, gone }) => billedPod(record, podUsage(record, gone, lifecycle))),
};

function billedPod(pod: PodRecord, usage: PodUsage): BilledResource<PodComponent> {
  return {
    id: pod.id,
    existed: usage.existed,
    spend(span) {
      const compute = usage.computeWithin(span);
      return {
        gpuAmount: pod.compute.kind === "gpu" ? micros(compute) : 0,
        cpuAmount: pod.compute.kind === "cpu" ? micros(compute) : 0,
        diskAmount: 0,
      };
    },
  };
}

/** An account's records of one kind, held or deleted, each with when it was gone (`now` for those still held). */
export function livingAndGone<R>(
  living: ReadonlyMap<string, R>,
  retired: ReadonlyArray<Retired<R>>,
  now: number,
): Array<{ record: R; gone: number }> {
  return [
    ...[...living.values()].map((record) => ({ record, gone: now })),
    ...retired.map(({ record, removedAt }) => ({ record, gone: removedAt })),
  ];
}

type VolumeComponent = "standardAmount" | "highPerformanceAmount";

export const networkVolumeBilling: BillingFamily<VolumeComponent> = {
  recordComponents: ["standardAmount", "highPerformanceAmount"],
  aggregate: { standardAmount: "storageStandardAmount", highPerformanceAmount: "storageHighPerformanceAmount" },
  resources: ({ account, now }) =>
    livingAndGone(account.networkVolumes, account.retired("networkVolumes"), now).map(({ record, gone }) => billedVolume(record, gone)),
};

/** Storage per GB-month by type, at the volume's current size, from creation until deletion. */
function billedVolume(record: NetworkVolumeRecord, gone: number): BilledResource<VolumeComponent> {
  const { id, size, type } = record.volume;
  const standard = type === "STANDARD";
  const price = NETWORK_VOLUME_PRICE[type];
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

/**
 * Serverless endpoints, gone ones included, from the workers they actually ran: the standing workers (at the
 * endpoint's current `workers.min`) from the moment the first were ready, and with no standing worker the one scaled
 * up from zero while jobs ran, at the serverless price of the placed GPU type or CPU flavor: a worker's rate, with no
 * disk or fee charged apart (see `data/prices.ts`).
 */
export const serverlessBilling: BillingFamily<ServerlessComponent> = {
  recordComponents: ["gpuAmount", "cpuAmount", "diskAmount", "feeAmount"],
  aggregate: {
    gpuAmount: "serverlessGpuAmount",
    cpuAmount: "serverlessCpuAmount",
    diskAmount: "serverlessDiskAmount",
    feeAmount: "serverlessFeeAmount",
  },
  resources: ({ account, timings, now }) =>
    livingAndGone(account.endpoints, account.retired("endpoints"), now).map(({ record, gone }) => billedEndpoint(record, gone, timings)),
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
      const workerMs =
        standing * overlap({ start: standingSince, end: gone }, span) + onDemand.reduce((sum, run) => sum + overlap(run, span), 0);
      const workerHours = workerMs / HOUR;
      return { gpuAmount: micros(workerHours * gpuHourly), cpuAmount: micros(workerHours * cpuHourly), diskAmount: 0, feeAmount: 0 };
    },
  };
}

/** A worker's price per hour: its GPUs at the serverless price of the type the emulator places it on. */
function gpuWorkerHourly(gpu: EndpointGpuConfig): number {
  const type = placedGpuType(gpu);
  return gpu.count * (type === null ? 0 : (findGpuOffer(type)?.type.price.serverless ?? 0));
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
