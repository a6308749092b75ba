import * as fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isFinal, releasedChunks, renderJob, runsOf, statusAt } from "../../emulator/jobs/jobTimeline";
import type { JobRecord } from "../../emulator/store";
import type { JobStatus } from "../../emulator/wire";

/** A job as the emulator keeps it, submitted at 0; everything else drawn. */
const jobs = fc
  .record({
    delayTime: fc.integer({ min: 0, max: 1_000 }),
    executionTime: fc.integer({ min: 0, max: 5_000 }),
    timeout: fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: null }),
    failed: fc.boolean(),
    chunks: fc.array(fc.integer(), { maxLength: 6 }),
    cancelledAt: fc.option(fc.integer({ min: 0, max: 7_000 }), { nil: null }),
  })
  .map(({ failed, ...drawn }): JobRecord => ({
    id: "job",
    input: {},
    submittedAt: 0,
    workerId: "w0",
    result: failed ? { status: "FAILED", error: "boom" } : { status: "COMPLETED", output: { ok: true } },
    chunksRead: 0,
    retries: 0,
    earlierRuns: [],
    ...drawn,
  }));
const ORDER = ["IN_QUEUE", "IN_PROGRESS", "FINAL"];
const stage = (status: JobStatus) => ORDER.indexOf(isFinal(status) ? "FINAL" : status);
const instants = Array.from({ length: 81 }, (_, index) => index * 100);

describe("a job's timeline", () => {
  test("moves forward only: queued, in progress, then one final status that never changes", () => {
    fc.assert(
      fc.property(jobs, (job) => {
        const statuses = instants.map((now) => statusAt(job, now));
        for (const [index, status] of statuses.entries()) {
          const next = statuses[index + 1];
          if (next === undefined) continue;
          expect(stage(next)).toBeGreaterThanOrEqual(stage(status));
          if (isFinal(status)) expect(next).toBe(status);
        }
      }),
    );
  });

  test("runs no longer than its timeout, and no longer than until its cancel", () => {
    fc.assert(
      fc.property(jobs, (job) => {
        const answer = renderJob(job, 10_000);
        if (answer.executionTime === undefined) return;
        if (job.timeout !== null) expect(answer.executionTime).toBeLessThanOrEqual(job.timeout);
        if (job.cancelledAt !== null)
          expect(job.delayTime + answer.executionTime).toBeLessThanOrEqual(Math.max(job.cancelledAt, job.delayTime));
        expect(runsOf(job, 10_000).reduce((sum, run) => sum + run.end - run.start, 0)).toBe(answer.executionTime);
      }),
    );
  });

  test("yields its chunks in order, never more later than earlier, and all of them only when its handler ran to the end", () => {
    fc.assert(
      fc.property(jobs, (job) => {
        const counts = instants.map((now) => releasedChunks(job, now).length);
        for (const [index, count] of counts.entries()) expect(count).toBeLessThanOrEqual(counts[index + 1] ?? count);
        const final = statusAt(job, 10_000);
        if (job.chunks.length > 0) {
          expect(releasedChunks(job, 10_000)).toEqual(job.chunks.slice(0, counts.at(-1)));
          if (final === "COMPLETED" || final === "FAILED") expect(counts.at(-1)).toBe(job.chunks.length);
        } else {
          expect(releasedChunks(job, 10_000)).toEqual(final === "COMPLETED" ? [{ ok: true }] : []);
        }
      }),
    );
  });

  test("shows its output only once COMPLETED and its error only once FAILED or TIMED_OUT", () => {
    fc.assert(
      fc.property(jobs, fc.integer({ min: 0, max: 8_000 }), (job, now) => {
        const answer = renderJob(job, now);
        expect(answer.output !== undefined).toBe(answer.status === "COMPLETED");
        expect(answer.error !== undefined).toBe(answer.status === "FAILED" || answer.status === "TIMED_OUT");
      }),
    );
  });
});
