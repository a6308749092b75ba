import type { JobRecord } from "./store";
import type { JobResponse } from "./wire";

/** A job's answer at `now`: IN_QUEUE, then IN_PROGRESS, then its result; the status is derived from the clock. */
export function renderJob(job: JobRecord, now: number): JobResponse {
  const startedAt = job.submittedAt + job.delayTime;
  if (now < startedAt) return { id: job.id, status: "IN_QUEUE" };
  if (now < startedAt + job.executionTime) {
    return { id: job.id, status: "IN_PROGRESS", delayTime: job.delayTime, workerId: job.workerId };
  }
  return {
    id: job.id,
    status: job.result.status,
    delayTime: job.delayTime,
    executionTime: job.executionTime,
    ...(job.result.output === undefined ? {} : { output: structuredClone(job.result.output) }),
    workerId: job.workerId,
    ...(job.result.error === undefined ? {} : { error: job.result.error }),
  };
}
