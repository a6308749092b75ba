import { ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { jobOf, jobQueueOf } from "./jobQueue";
import { afterWait } from "./jobWait";
import { endpointId, jobErrors, jobId, wait, waitErrors } from "./operationDocs";
import { waitOf } from "./requests";

/**
 * `GET /v2/{endpointId}/status-sync/{jobId}`: wait for a job, then read it;
 * answers 400, 403, 404 as `spec.errors` says.
 */
export const getJobStatusSync: Operation = {
  method: "GET",
  path: "/{endpointId}/status-sync/{jobId}",
  spec: {
    operationId: "getJobStatusSync",
    summary: "Wait for a job, then read it",
    description:
      "Waits up to `wait` ms on the emulator's clock for the job to end, then answers it as `status` does (a FAILED " +
      "job too answers 200). A job purged meanwhile answers 404.",
    parameters: [endpointId, jobId, ...wait],
    ok: { status: 200, description: "The job when it ended or the wait was over", schema: ref("JobResponse") },
    errors: waitErrors(jobErrors),
  },
  async handle(context, request) {
    const queue = jobQueueOf(request, context);
    const waitMs = waitOf(request.query);
    return afterWait(context, queue, jobOf(queue, request), waitMs);
  },
};
