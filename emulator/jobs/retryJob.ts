import { Problem } from "../http/problem";
import { jobAction } from "./jobAction";
import { enqueue } from "./jobQueue";
import { statusAt } from "./jobTimeline";

/** `POST /v2/{endpointId}/retry/{jobId}`: run a failed job again; answers 400, 403, 404 as `spec.errors` says. */
export const retryJob = jobAction({
  action: "retry",
  operationId: "retryJob",
  summary: "Run a failed job again",
  description:
    "A FAILED or TIMED_OUT job is queued again under its id with the same input; its earlier output, error and " +
    "stream are dropped. Any other job is refused with 400.",
  answered: "The job, IN_QUEUE again",
  errors: { 400: "The job is not FAILED or TIMED_OUT, or a load-balancing endpoint" },
  act(job, queue, context) {
    const status = statusAt(job, context.now());
    if (status !== "FAILED" && status !== "TIMED_OUT") {
      throw new Problem(400, `Job ${job.id} is ${status}; only a FAILED or TIMED_OUT job can be retried`);
    }
    return enqueue(queue, context, job.id, job.input, job);
  },
});
