import { setTimeout as sleep } from "node:timers/promises";
import type { EmulatorContext } from "../context";
import { Problem } from "../http/problem";
import type { JobRecord } from "../store";
import type { JobResponse } from "../wire";
import type { JobQueue } from "./jobQueue";
import { isFinal, statusAt } from "./jobTimeline";
import { renderJob } from "./jobTimeline";

/** How often a wait looks again, in real time: a cancel, a purge or a test's clock move is seen this soon. */
const POLL_MS = 20;

/**
 * Waits until the job is final, is removed from `jobs` (purged, or its endpoint deleted), `waitMs` have passed on
 * the emulator's clock, or the emulator shuts down.
 */
export async function waitForJob(context: EmulatorContext, jobs: Map<string, JobRecord>, job: JobRecord, waitMs: number): Promise<void> {
  const deadline = context.now() + waitMs;
  for (;;) {
    const now = context.now();
    if (now >= deadline || isFinal(statusAt(job, now)) || jobs.get(job.id) !== job) return;
    try {
      await sleep(Math.min(POLL_MS, deadline - now), undefined, { signal: context.shutdown });
    } catch {
      return;
    }
  }
}

/** The job once it is final or the wait is over; gone meanwhile (purged) it answers 404. */
export async function afterWait(context: EmulatorContext, queue: JobQueue, job: JobRecord, wait: number): Promise<JobResponse> {
  await waitForJob(context, queue.jobs, job, wait);
  if (queue.jobs.get(job.id) !== job) throw new Problem(404, `Job ${job.id} not found`);
  return renderJob(job, context.now());
}
