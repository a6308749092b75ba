import { ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { workersOf } from "../serverless/workers";
import type { JobStatus, WorkerStatus } from "../wire";
import { jobQueueOf } from "./jobQueue";
import { isFinal, statusAt } from "./jobTimeline";
import { endpointId, queueErrors } from "./operationDocs";

/** `GET /v2/{endpointId}/health`: jobs and workers by state; answers 400, 403, 404 as `spec.errors` says. */
export const getEndpointHealth: Operation = {
  method: "GET",
  path: "/{endpointId}/health",
  spec: {
    operationId: "getEndpointHealth",
    summary: "Jobs and workers by state",
    description:
      "The endpoint's jobs by status and its workers by status, as `/v2/serverless/{id}/workers` lists them. " +
      "CANCELLED jobs are in no count. A hosted model has one worker, always up.",
    parameters: [endpointId],
    ok: { status: 200, description: "Counts now", schema: ref("EndpointHealth") },
    errors: queueErrors,
  },
  async handle(context, request) {
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
};
