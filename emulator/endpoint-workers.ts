import { GPU_OFFERS } from "./catalog";
import type { PodTimings } from "./options";
import type { EndpointRecord } from "./store";
import type { EndpointGpuConfig, Release, Worker, WorkerStatus } from "./wire";

/** The worker that runs an endpoint's jobs: its first, scaled up from zero on demand when `workers.min` is 0. */
export function jobWorkerId(endpoint: { id: string }): string {
  return `${endpoint.id}-w0`;
}

/** The endpoint's current configuration version: that of its newest release. */
export function endpointVersion(endpoint: EndpointRecord): number {
  return endpoint.releases.length;
}

/**
 * The endpoint's standing workers: `workers.min` of them, started with the newest release, INITIALIZING while a
 * pod would provision and start, then IDLE. Derived from the clock like pod status.
 */
export function workersOf(endpoint: EndpointRecord, timings: Required<PodTimings>, now: number): Worker[] {
  const release = endpoint.releases[endpoint.releases.length - 1];
  const startedAt = Date.parse(release?.createdAt ?? new Date(endpoint.createdAt).toISOString());
  const readyAt = startedAt + timings.provisioningMs + timings.startingMs;
  const status: WorkerStatus = now < readyAt ? "INITIALIZING" : "IDLE";
  const gpuCount = endpoint.gpu?.count ?? 0;
  return Array.from({ length: endpoint.workers.min }, (_, index) => ({
    id: `${endpoint.id}-w${index}`,
    status,
    isStale: false,
    version: endpointVersion(endpoint),
    gpuCount,
    image: endpoint.image,
    uptimeSeconds: status === "IDLE" ? Math.floor((now - readyAt) / 1000) : null,
    gpuTypeId: status === "IDLE" && endpoint.gpu !== null ? placedGpuType(endpoint.gpu) : null,
    dataCenterId: status === "IDLE" ? (endpoint.dataCenterIds[0] ?? "EU-SE-1") : null,
    startedAt: status === "IDLE" ? new Date(readyAt).toISOString() : null,
  }));
}

/** Releases newest first, each counting the workers that run it (all of them run the newest). */
export function releasesOf(endpoint: EndpointRecord, workers: Worker[]): Release[] {
  const newest = endpointVersion(endpoint);
  return endpoint.releases
    .map((release) => ({ ...release, workerCount: release.version === newest ? workers.length : 0 }))
    .reverse();
}

/** The first GPU type of the selection: in one of the pools and not excluded. */
function placedGpuType(gpu: EndpointGpuConfig): string | null {
  const offer = GPU_OFFERS.find(
    ({ type }) => type.pool !== null && gpu.pools.includes(type.pool) && !(gpu.excludedTypes ?? []).includes(type.id),
  );
  return offer?.type.id ?? null;
}
