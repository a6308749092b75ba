import { ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { jobOf, jobQueueOf } from "./jobQueue";
import { isFinal, statusAt } from "./jobTimeline";
import { endpointId, jobErrors, jobId, writing } from "./operationDocs";

/** `POST /v2/{endpointId}/cancel/{jobId}`: cancel a job; answers 400, 403, 404 as `spec.errors` says. */
export const cancelJob: Operation = {
  method: "POST",
  path: "/{endpointId}/cancel/{jobId}",
  spec: {
    operationId: "cancelJob",
    summary: "Cancel a job",
    description:
      "A job IN_QUEUE or IN_PROGRESS ends CANCELLED at once. A job already final is left as it is and answered 200 " +
      "with its unchanged status: a late cancel is no error, and `status` in the answer tells what happened.",
    parameters: [endpointId, jobId],
    ok: { status: 200, description: "The job's status after the cancel", schema: ref("JobStatusAnswer") },
    errors: { ...jobErrors, ...writing },
  },
  async handle(context, request) {
    const job = jobOf(jobQueueOf(request, context), request);
    const now = context.now();
    if (!isFinal(statusAt(job, now))) job.cancelledAt = now;
    return { id: job.id, status: statusAt(job, now) };
  },
};
