import { jobAction } from "./jobAction";
import { isFinal, statusAt } from "./jobTimeline";

/** `POST /v2/{endpointId}/cancel/{jobId}`: cancel a job; answers 400, 403, 404 as `spec.errors` says. */
export const cancelJob = jobAction({
  action: "cancel",
  operationId: "cancelJob",
  summary: "Cancel a job",
  description:
    "A job IN_QUEUE or IN_PROGRESS ends CANCELLED at once. A job already final is left as it is and answered 200 " +
    "with its unchanged status: a late cancel is no error, and `status` in the answer tells what happened.",
  answered: "The job's status after the cancel",
  act(job, _queue, context) {
    const now = context.now();
    if (!isFinal(statusAt(job, now))) job.cancelledAt = now;
    return job;
  },
});
