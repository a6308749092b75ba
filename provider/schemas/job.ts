import { z } from "zod";

/** The job statuses that end a job. Any other status (queued, in progress, …) means it is still running. */
export const finalJobStatuses = ["COMPLETED", "FAILED"] as const;

export const jobResponseSchema = z.object({
  id: z.string(),
  /** COMPLETED on success, FAILED on error; anything else is in progress. */
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

/** Whether a job has ended, COMPLETED or FAILED. */
export function isFinal(job: Pick<JobResponse, "status">): boolean {
  return (finalJobStatuses as readonly string[]).includes(job.status);
}
