import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { enqueue, jobOf, jobQueueOf } from "./jobQueue";
import { isFinal, statusAt } from "./jobTimeline";
import { Problem } from "../http/problem";
import { serveMethods } from "../http/routing";

/** Ending, repeating and dropping jobs: `/v2/{endpointId}/cancel/{jobId}`, `/retry/{jobId}` and `/purge-queue`. */
export function registerJobControlRoutes(app: FastifyInstance, context: EmulatorContext): void {
  // A queued or running job ends CANCELLED now; a final one is left as it is and answered with its status.
  serveMethods(app, "/:endpointId/cancel/:jobId", {
    /**
     * `POST /v2/{endpointId}/cancel/{jobId}` (cancelJob): cancel a job. Errors: 400: a load-balancing endpoint, which
     * has no queue; 403: a read-only key, or the endpoint belongs to another account; 404: no such endpoint or job.
     */
    POST: async (request) => {
      const job = jobOf(jobQueueOf(request, context), request);
      const now = context.now();
      if (!isFinal(statusAt(job, now))) job.cancelledAt = now;
      return { id: job.id, status: statusAt(job, now) };
    },
  });

  // Only a FAILED or TIMED_OUT job runs again, under its id, from the queue.
  serveMethods(app, "/:endpointId/retry/:jobId", {
    /**
     * `POST /v2/{endpointId}/retry/{jobId}` (retryJob): run a failed job again. Errors: 400: the job is not FAILED or
     * TIMED_OUT, or a load-balancing endpoint; 403: a read-only key, or the endpoint belongs to another account; 404:
     * no such endpoint or job.
     */
    POST: async (request) => {
      const queue = jobQueueOf(request, context);
      const job = jobOf(queue, request);
      const status = statusAt(job, context.now());
      if (status !== "FAILED" && status !== "TIMED_OUT") {
        throw new Problem(400, `Job ${job.id} is ${status}; only a FAILED or TIMED_OUT job can be retried`);
      }
      const retried = enqueue(queue, context, job.id, job.input, job);
      return { id: retried.id, status: statusAt(retried, context.now()) };
    },
  });

  // Jobs still in the queue are removed (their status then answers 404); running ones go on.
  serveMethods(app, "/:endpointId/purge-queue", {
    /**
     * `POST /v2/{endpointId}/purge-queue` (purgeQueue): drop the queued jobs. Errors: 400: a load-balancing endpoint,
     * which has no queue; 403: a read-only key, or the endpoint belongs to another account; 404: no such endpoint.
     */
    POST: async (request) => {
      const { jobs } = jobQueueOf(request, context);
      const now = context.now();
      const queued = [...jobs.values()].filter((job) => statusAt(job, now) === "IN_QUEUE");
      for (const job of queued) jobs.delete(job.id);
      return { removed: queued.length, status: "completed" };
    },
  });
}
