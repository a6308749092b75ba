import { setTimeout as sleep } from "node:timers/promises";
import type { EmulatorContext } from "../context";
import { isFinal, statusAt } from "./jobTimeline";
import type { JobRecord } from "../store";

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
