import { ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { jobOf, jobQueueOf } from "./jobQueue";
import { renderJob } from "./jobTimeline";
import { endpointId, jobErrors, jobId } from "./operationDocs";

/** `GET /v2/{endpointId}/status/{jobId}`: read a job; answers 400, 403, 404 as `spec.errors` says. */
export const getJobStatus: Operation = {
  method: "GET",
  path: "/{endpointId}/status/{jobId}",
  spec: {
    operationId: "getJobStatus",
    summary: "Read a job",
    parameters: [endpointId, jobId],
    ok: { status: 200, description: "The job now", schema: ref("JobResponse") },
    errors: jobErrors,
  },
  async handle(context, request) {
    const queue = jobQueueOf(request, context);
    return renderJob(jobOf(queue, request), context.now());
  },
};
