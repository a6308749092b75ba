import type { EndpointRecord } from "../store";
import type { WorkerStatus } from "../wire";

/** A status a test holds a worker in: failing its health checks, or waiting on compute capacity. */
export type HeldWorkerStatus = Extract<WorkerStatus, "UNHEALTHY" | "THROTTLED">;

// Keyed by the record, so that each emulator's endpoints keep their own and a deleted endpoint's go with it.
const held = new WeakMap<EndpointRecord, Map<string, HeldWorkerStatus>>();

/** The status a test holds this worker in, if any. */
export function heldStatus(endpoint: EndpointRecord, workerId: string): HeldWorkerStatus | undefined {
  return held.get(endpoint)?.get(workerId);
}

/**
 * Holds a worker in `status`, or lets it go (null). While every standing worker is held, new jobs wait in the queue;
 * once one is let go, the jobs waiting for it start after the usual queue delay.
 */
export function holdWorker(
  endpoint: EndpointRecord,
  workerId: string,
  status: HeldWorkerStatus | null,
  now: number,
  queueMs: number,
): void {
  const statuses = held.get(endpoint) ?? new Map<string, HeldWorkerStatus>();
  held.set(endpoint, statuses);
  if (status !== null) {
    statuses.set(workerId, status);
    return;
  }
  statuses.delete(workerId);
  for (const job of endpoint.jobs.values()) if (job.delayTime === Number.POSITIVE_INFINITY) job.delayTime = now - job.submittedAt + queueMs;
}

/** When the endpoint's workers, ready at `readyAt`, can take a job: never while a test holds every standing one. */
export function jobsTakenFrom(endpoint: EndpointRecord, readyAt: number): number {
  const standing = Array.from({ length: endpoint.workers.min }, (_, index) => `${endpoint.id}-w${index}`);
  const allHeld = standing.length > 0 && standing.every((id) => heldStatus(endpoint, id) !== undefined);
  return allHeld ? Number.POSITIVE_INFINITY : readyAt;
}
