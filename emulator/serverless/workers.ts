import { GPU_OFFERS } from "../catalog/offers";
import { statusAt, timelineOf } from "../jobs/jobTimeline";
import type { PodTimings } from "../options";
import type { EndpointRecord } from "../store";
import type { EndpointGpuConfig, Release, Worker, WorkerStatus } from "../wire";
import { heldStatus } from "./workerHealth";

/** The worker that runs an endpoint's jobs: its first, scaled up from zero on demand when `workers.min` is 0. */
export function jobWorkerId(endpoint: { id: string }): string {
  return `${endpoint.id}-w0`;
}

/** The endpoint's current configuration version: that of its newest release. */
export function endpointVersion(endpoint: EndpointRecord): number {
  return endpoint.releases.length;
}

/** When the endpoint's standing workers, started with its newest release, are ready to take jobs. */
export function workersReadyAt(endpoint: EndpointRecord, timings: Required<PodTimings>): number {
  if (endpoint.workers.min === 0) return Number.NEGATIVE_INFINITY;
  const release = endpoint.releases[endpoint.releases.length - 1];
  const startedAt = Date.parse(release?.createdAt ?? new Date(endpoint.createdAt).toISOString());
  return startedAt + timings.provisioningMs + timings.startingMs;
}

/**
 * The endpoint's workers: `workers.min` standing ones, started with the newest release, INITIALIZING while a pod
 * would provision and start, then IDLE. Every job runs on the first worker, which is RUNNING while any job is in
 * progress; with no standing worker it is scaled up from zero for as long as jobs run. Derived from the clock.
 */
export function workersOf(endpoint: EndpointRecord, timings: Required<PodTimings>, now: number): Worker[] {
  const readyAt = workersReadyAt(endpoint, timings);
  const running = [...endpoint.jobs.values()].filter((job) => statusAt(job, now) === "IN_PROGRESS");
  const busySince = Math.min(...running.map((job) => timelineOf(job).startedAt));
  const count = Math.max(endpoint.workers.min, running.length > 0 ? 1 : 0);
  const gpuCount = endpoint.gpu?.count ?? 0;
  return Array.from({ length: count }, (_, index) => {
    const startedAt = endpoint.workers.min === 0 ? busySince : readyAt;
    const status: WorkerStatus =
      heldStatus(endpoint, `${endpoint.id}-w${index}`) ??
      (now < startedAt ? "INITIALIZING" : index === 0 && running.length > 0 ? "RUNNING" : "IDLE");
    const started = status !== "INITIALIZING";
    return {
      id: `${endpoint.id}-w${index}`,
      status,
      isStale: false,
      version: endpointVersion(endpoint),
      gpuCount,
      image: endpoint.image,
      uptimeSeconds: started ? Math.floor((now - startedAt) / 1000) : null,
      gpuTypeId: started && endpoint.gpu !== null ? (endpoint.held?.demand.typeId ?? placedGpuType(endpoint.gpu)) : null,
      dataCenterId: started ? (endpoint.held?.dataCenterId ?? endpoint.dataCenterIds[0] ?? "EU-SE-1") : null,
      startedAt: started ? new Date(startedAt).toISOString() : null,
    };
  });
}

/** Releases newest first, each counting the workers that run it (all of them run the newest). */
export function releasesOf(endpoint: EndpointRecord, workers: Worker[]): Release[] {
  const newest = endpointVersion(endpoint);
  return endpoint.releases.map((release) => ({ ...release, workerCount: release.version === newest ? workers.length : 0 })).reverse();
}

/** The first GPU type of the selection: in one of the pools and not excluded. */
export function placedGpuType(gpu: EndpointGpuConfig): string | null {
  const offer = GPU_OFFERS.find(
    ({ type }) => type.pool !== null && gpu.pools.includes(type.pool) && !(gpu.excludedTypes ?? []).includes(type.id),
  );
  return offer?.type.id ?? null;
}

/** Worker counts per status, as `GET /v2/serverless/{id}/workers` sums them up. */
export function summarize(workers: Worker[]): Record<Lowercase<WorkerStatus> | "total", number> {
  const count = (status: WorkerStatus) => workers.filter((worker) => worker.status === status).length;
  return {
    running: count("RUNNING"),
    idle: count("IDLE"),
    initializing: count("INITIALIZING"),
    throttled: count("THROTTLED"),
    unhealthy: count("UNHEALTHY"),
    total: workers.length,
  };
}
