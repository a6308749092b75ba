import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { EmulatorContext } from "../context";
import { enqueue, type JobQueue, jobOf, jobQueueOf } from "./jobQueue";
import { waitForJob } from "./jobWait";
import { renderJob } from "./jobTimeline";
import { Problem } from "../http/problem";
import { serveMethods } from "../http/routing";
import { jobRequest } from "../schemas";
import type { JobRecord } from "../store";
import type { JobResponse } from "../wire";
import { parseBody, parseQuery } from "../http/validation";

/** Bounds of `?wait=` in milliseconds, those of the reference's sync runs. */
export const WAIT_MS = { min: 1_000, max: 300_000, default: 90_000 } as const;

/** How long `runsync` and `status-sync` wait for the job to finish. */
export const waitQuery = z.object({ wait: z.coerce.number().pipe(z.int().min(WAIT_MS.min).max(WAIT_MS.max)).optional() });

/**
 * Submitting and reading jobs: `/v2/{endpointId}/run`, `/runsync`, `/status/{jobId}` and `/status-sync/{jobId}`.
 * The hosted text-to-video model answers at its configured endpoint id; the account's queue-based endpoints run an
 * echo handler. The sync operations really wait, on the emulator's clock.
 */
export function registerJobRoutes(app: FastifyInstance, context: EmulatorContext): void {
  /** The job once it is final or the wait is over; gone meanwhile (purged) it answers 404. */
  async function afterWait(queue: JobQueue, job: JobRecord, wait: number): Promise<JobResponse> {
    await waitForJob(context, queue.jobs, job, wait);
    if (queue.jobs.get(job.id) !== job) throw new Problem(404, `Job ${job.id} not found`);
    return renderJob(job, context.now());
  }

  serveMethods(app, "/:endpointId/run", {
    /**
     * `POST /v2/{endpointId}/run` (runJob): queue a job. Errors: 400: no `input` object, or a load-balancing
     * endpoint, which has no queue; 403: a read-only key, or the endpoint belongs to another account; 404: no such
     * endpoint.
     */
    POST: async (request) => {
      const queue = jobQueueOf(request, context);
      const { input } = parseBody(jobRequest, request.body);
      return renderJob(enqueue(queue, context, randomUUID(), input), context.now());
    },
  });

  serveMethods(app, "/:endpointId/runsync", {
    /**
     * `POST /v2/{endpointId}/runsync` (runJobSync): run a job and wait for it. Errors: 400: a FAILED job, as `{id,
     * status, error}` (not a problem); or a problem: no `input`, a load-balancing endpoint, `wait` out of range; 403:
     * a read-only key, or the endpoint belongs to another account; 404: no such endpoint.
     */
    POST: async (request, reply: FastifyReply) => {
      const queue = jobQueueOf(request, context);
      const { input } = parseBody(jobRequest, request.body);
      const wait = waitOf(request.query);
      const job = await afterWait(queue, enqueue(queue, context, `sync-${randomUUID()}`, input), wait);
      // A failed sync job is answered as the job itself under 400, not as a problem.
      if (job.status === "FAILED") return reply.code(400).send({ id: job.id, status: job.status, error: job.error });
      return job;
    },
  });

  serveMethods(app, "/:endpointId/status/:jobId", {
    /**
     * `GET /v2/{endpointId}/status/{jobId}` (getJobStatus): read a job. Errors: 400: a load-balancing endpoint, which
     * has no queue; 403: the endpoint belongs to another account; 404: no such endpoint or job.
     */
    GET: async (request) => {
      const queue = jobQueueOf(request, context);
      return renderJob(jobOf(queue, request), context.now());
    },
  });

  serveMethods(app, "/:endpointId/status-sync/:jobId", {
    /**
     * `GET /v2/{endpointId}/status-sync/{jobId}` (getJobStatusSync): wait for a job, then read it. Errors: 400: a
     * load-balancing endpoint, which has no queue, or `wait` out of range; 403: the endpoint belongs to another
     * account; 404: no such endpoint or job.
     */
    GET: async (request) => {
      const queue = jobQueueOf(request, context);
      const wait = waitOf(request.query);
      return afterWait(queue, jobOf(queue, request), wait);
    },
  });
}

function waitOf(query: unknown): number {
  return parseQuery(waitQuery, query).wait ?? WAIT_MS.default;
}
