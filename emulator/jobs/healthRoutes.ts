import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { workersOf } from "../serverless/workers";
import { jobQueueOf } from "./jobQueue";
import { isFinal, statusAt } from "./jobTimeline";
import { serveMethods } from "../http/routing";
import type { JobStatus, WorkerStatus } from "../wire";

/**
 * `/v2/{endpointId}/health`: the endpoint's jobs and workers by state, as the emulator holds them now. A hosted
 * model has one worker, which is always up.
 */
export function registerEndpointHealthRoutes(app: FastifyInstance, context: EmulatorContext): void {
  serveMethods(app, "/:endpointId/health", {
    /**
     * `GET /v2/{endpointId}/health` (getEndpointHealth): jobs and workers by state. Errors: 400: a load-balancing
     * endpoint, which has no queue; 403: the endpoint belongs to another account; 404: no such endpoint.
     */
    GET: async (request) => {
      const queue = jobQueueOf(request, context);
      const now = context.now();
      const jobs = [...queue.jobs.values()];
      const statuses = jobs.map((job) => statusAt(job, now));
      const jobCount = (...wanted: JobStatus[]) => statuses.filter((status) => wanted.includes(status)).length;
      const workerStatuses: WorkerStatus[] =
        queue.endpoint === null
          ? [jobCount("IN_PROGRESS") > 0 ? "RUNNING" : "IDLE"]
          : workersOf(queue.endpoint, context.options.timings, now).map((worker) => worker.status);
      const workerCount = (...wanted: WorkerStatus[]) => workerStatuses.filter((status) => wanted.includes(status)).length;
      return {
        jobs: {
          completed: jobCount("COMPLETED"),
          failed: jobCount("FAILED", "TIMED_OUT"),
          inProgress: jobCount("IN_PROGRESS"),
          inQueue: jobCount("IN_QUEUE"),
          retried: jobs.filter((job, index) => job.retries > 0 && !isFinal(statuses[index] as JobStatus)).length,
        },
        workers: {
          idle: workerCount("IDLE"),
          initializing: workerCount("INITIALIZING"),
          ready: workerCount("IDLE", "RUNNING"),
          running: workerCount("RUNNING"),
          throttled: workerCount("THROTTLED"),
          unhealthy: workerCount("UNHEALTHY"),
        },
      };
    },
  });
}
