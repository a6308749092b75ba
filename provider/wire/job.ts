import { z } from "zod";

/** Every status a job goes through: queued, running, then one of the four final ones. */
export const jobStatuses = ["IN_QUEUE", "IN_PROGRESS", "COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"] as const;

/** The job statuses that end a job. Any other status (queued, in progress, …) means it is still running. */
export const finalJobStatuses = ["COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"] as const;

export const jobResponseSchema = z.object({
  id: z.string(),
  /** IN_QUEUE, IN_PROGRESS, then COMPLETED, FAILED, CANCELLED or TIMED_OUT; kept a string so a new status is no crash. */
  status: z.string(),
  delayTime: z.int().optional(),
  executionTime: z.int().optional(),
  output: z.record(z.string(), z.unknown()).optional(),
  workerId: z.string().optional(),
  error: z.string().optional(),
});

/**
 * A job as the job API reports it. `id` starts with `sync-` for sync runs; `delayTime` is the milliseconds it
 * waited in the queue and `executionTime` the milliseconds it ran; `output` comes once COMPLETED, `error` once FAILED.
 */
export type JobResponse = z.infer<typeof jobResponseSchema>;

/** Whether a job has ended: COMPLETED, FAILED, CANCELLED or TIMED_OUT. */
export function isFinal(job: Pick<JobResponse, "status">): boolean {
  return (finalJobStatuses as readonly string[]).includes(job.status);
}

export const jobStreamSchema = z.object({
  status: z.string(),
  stream: z.array(z.object({ output: z.unknown() })),
});

/** What `stream/{jobId}` answers: the chunks produced since the last read (each is read once) and the job's status. */
export type JobStream = z.infer<typeof jobStreamSchema>;

export const purgeQueueSchema = z.object({ removed: z.int(), status: z.string() });

/** What `purge-queue` answers: how many queued jobs it removed. Running jobs are never removed. */
export type PurgeQueueResult = z.infer<typeof purgeQueueSchema>;

export const endpointHealthSchema = z.object({
  jobs: z.object({ completed: z.int(), failed: z.int(), inProgress: z.int(), inQueue: z.int(), retried: z.int() }),
  workers: z.object({
    idle: z.int(),
    initializing: z.int(),
    ready: z.int(),
    running: z.int(),
    throttled: z.int(),
    unhealthy: z.int(),
  }),
});

/** An endpoint's health from the job API: its jobs and its workers, counted by state. */
export type EndpointHealth = z.infer<typeof endpointHealthSchema>;
