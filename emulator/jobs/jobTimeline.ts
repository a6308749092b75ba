import type { JobRecord } from "../store";
import { FINAL_JOB_STATUSES, type JobResponse, type JobStatus } from "../wire";

/** When a job runs: it starts once its queue delay is over and ends at the first of its end, its time-out or its cancel. */
export interface JobTimeline {
  startedAt: number;
  /** When it ends, or would end if nothing cancels it. */
  endsAt: number;
  /** How it ends at `endsAt`. */
  ending: "RESULT" | "TIMED_OUT" | "CANCELLED";
}

export function timelineOf(job: JobRecord): JobTimeline {
  const startedAt = job.submittedAt + job.delayTime;
  const timesOut = job.timeout !== null && job.executionTime > job.timeout;
  const endsAt = startedAt + (timesOut && job.timeout !== null ? job.timeout : job.executionTime);
  if (job.cancelledAt !== null && job.cancelledAt < endsAt) return { startedAt, endsAt: job.cancelledAt, ending: "CANCELLED" };
  return { startedAt, endsAt, ending: timesOut ? "TIMED_OUT" : "RESULT" };
}

export function isFinal(status: JobStatus): boolean {
  return (FINAL_JOB_STATUSES as readonly string[]).includes(status);
}

export function statusAt(job: JobRecord, now: number): JobStatus {
  const { startedAt, endsAt, ending } = timelineOf(job);
  if (ending === "CANCELLED" && now >= endsAt) return "CANCELLED";
  if (now < startedAt) return "IN_QUEUE";
  if (now < endsAt) return "IN_PROGRESS";
  return ending === "RESULT" ? (job.result.status as JobStatus) : ending;
}

/** A job's answer at `now`: times are reported once known, the output once COMPLETED, the error once it failed. */
export function renderJob(job: JobRecord, now: number): JobResponse {
  const status = statusAt(job, now);
  const { startedAt, endsAt, ending } = timelineOf(job);
  if (status === "IN_QUEUE" || (status === "CANCELLED" && endsAt < startedAt)) return { id: job.id, status };
  if (status === "IN_PROGRESS") return { id: job.id, status, delayTime: job.delayTime, workerId: job.workerId };
  const error = ending === "TIMED_OUT" ? `Execution exceeded the endpoint's timeout of ${job.timeout} ms` : job.result.error;
  return {
    id: job.id,
    status,
    delayTime: job.delayTime,
    executionTime: endsAt - startedAt,
    ...(status === "COMPLETED" && job.result.output !== undefined ? { output: structuredClone(job.result.output) } : {}),
    workerId: job.workerId,
    ...((status === "FAILED" || status === "TIMED_OUT") && error !== undefined ? { error } : {}),
  };
}

/**
 * How many of the job's chunks are out at `now`: chunk i of n is yielded at i+1 n-ths of its execution, and a job
 * cut short by a cancel or time-out yields no more. A job that yields nothing streams its whole output once COMPLETED.
 */
export function releasedChunks(job: JobRecord, now: number): unknown[] {
  const { startedAt, endsAt } = timelineOf(job);
  if (job.chunks.length === 0) {
    return statusAt(job, now) === "COMPLETED" && job.result.output !== undefined ? [job.result.output] : [];
  }
  const until = Math.min(now, endsAt);
  const count = job.chunks.filter((_, index) => startedAt + (job.executionTime * (index + 1)) / job.chunks.length <= until).length;
  return job.chunks.slice(0, count);
}

/** Every span the job held its worker up to `now`: its runs before each retry, then the current one once started. */
export function runsOf(job: JobRecord, now: number): Array<{ start: number; end: number }> {
  const { startedAt, endsAt } = timelineOf(job);
  const end = Math.min(endsAt, now);
  return [...job.earlierRuns, ...(startedAt < end ? [{ start: startedAt, end }] : [])];
}
