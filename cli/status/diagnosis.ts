/** An endpoint's workers by state, as `GET /v2/serverless/{id}/workers` sums them up. */
export interface WorkerCounts {
  running: number;
  idle: number;
  initializing: number;
  throttled: number;
  unhealthy: number;
}

/** An endpoint's queue, as its `/health` counts it. */
export interface QueueCounts {
  inQueue: number;
  inProgress: number;
}

const count = (value: number, noun: string) => `${value} ${noun}${value === 1 ? "" : "s"}`;

/**
 * One line saying why an endpoint's jobs do not run, where the counts make it clear; undefined when nothing is wrong
 * or the cause is not clear (jobs queued while a worker is idle are about to be taken).
 * @param maxWorkers the endpoint's `workers.max`.
 */
export function diagnoseEndpoint(workers: WorkerCounts, queue: QueueCounts, maxWorkers: number): string | undefined {
  if (queue.inQueue > 0 && workers.running === 0 && workers.idle === 0) {
    const waiting = `${count(queue.inQueue, "job")} in queue, 0 workers running`;
    if (workers.unhealthy > 0) return `${waiting}, ${workers.unhealthy} unhealthy: check the worker logs`;
    if (workers.throttled > 0) {
      return `${waiting}, ${workers.throttled} throttled: no capacity for its GPU types now; allow more GPU types or data centers`;
    }
    if (workers.initializing > 0) return `${waiting}, ${workers.initializing} initializing: its workers are starting`;
    if (maxWorkers === 0) return `${waiting}: workers.max is 0, so no worker can take them`;
    return `${waiting}: no worker has started yet`;
  }
  if (workers.unhealthy > 0) return `${count(workers.unhealthy, "worker")} unhealthy: check the worker logs`;
  if (workers.throttled > 0) return `${count(workers.throttled, "worker")} throttled: waiting on compute capacity`;
  return undefined;
}

/** One line for a pod whose state needs a person, by its live status (undefined: gone from the API). */
export function diagnosePod(name: string, status: string | undefined): string | undefined {
  if (status === undefined) return "gone: deleted outside the stack; `computeplatform drift` reports it";
  if (status === "ERROR") return `the pod failed: read its log with \`computeplatform logs ${name}\``;
  return undefined;
}
