import { ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { enqueue, jobOf, jobQueueOf } from "./jobQueue";
import { statusAt } from "./jobTimeline";
import { endpointId, jobErrors, jobId, writing } from "./operationDocs";

/** `POST /v2/{endpointId}/retry/{jobId}`: run a failed job again; answers 400, 403, 404 as `spec.errors` says. */
export const retryJob: Operation = {
  method: "POST",
  path: "/{endpointId}/retry/{jobId}",
  spec: {
    operationId: "retryJob",
    summary: "Run a failed job again",
    description:
      "A FAILED or TIMED_OUT job is queued again under its id with the same input; its earlier output, error and " +
      "stream are dropped. Any other job is refused with 400.",
    parameters: [endpointId, jobId],
    ok: { status: 200, description: "The job, IN_QUEUE again", schema: ref("JobStatusAnswer") },
    errors: { ...jobErrors, ...writing, 400: "The job is not FAILED or TIMED_OUT, or a load-balancing endpoint" },
  },
  async handle(context, request) {
    const queue = jobQueueOf(request, context);
    const job = jobOf(queue, request);
    const status = statusAt(job, context.now());
    if (status !== "FAILED" && status !== "TIMED_OUT") {
      throw new Problem(400, `Job ${job.id} is ${status}; only a FAILED or TIMED_OUT job can be retried`);
    }
    const retried = enqueue(queue, context, job.id, job.input, job);
    return { id: retried.id, status: statusAt(retried, context.now()) };
  },
};
