import type { EmulatorContext } from "../context";
import { type OperationSpec, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import type { JobRecord } from "../store";
import { type JobQueue, jobOf, jobQueueOf } from "./jobQueue";
import { statusAt } from "./jobTimeline";
import { endpointId, jobErrors, jobId, writing } from "./operationDocs";

/** What a job action's operation says of itself, beyond what every job action shares. */
export interface JobActionSpec extends Pick<OperationSpec, "operationId" | "summary" | "description"> {
  /** The path's verb: `cancel` is served at `POST /v2/{endpointId}/cancel/{jobId}`. */
  action: string;
  /** What the 200 answer is, e.g. `The job's status after the cancel`. */
  answered: string;
  /** Errors beyond those of every job action (a missing job or endpoint, a read-only key). @default none */
  errors?: OperationSpec["errors"];
  /** Acts on the job and returns the job whose id and status are answered. */
  act(job: JobRecord, queue: JobQueue, context: EmulatorContext): JobRecord;
}

/** `POST /v2/{endpointId}/<action>/{jobId}`: an action on one job, answered with the job's id and status. */
export function jobAction({ action, answered, errors, act, ...described }: JobActionSpec): Operation {
  return {
    method: "POST",
    path: `/{endpointId}/${action}/{jobId}`,
    spec: {
      ...described,
      parameters: [endpointId, jobId],
      ok: { status: 200, description: answered, schema: ref("JobStatusAnswer") },
      errors: { ...jobErrors, ...writing, ...errors },
    },
    async handle(context, request) {
      const queue = jobQueueOf(request, context);
      const job = act(jobOf(queue, request), queue, context);
      return { id: job.id, status: statusAt(job, context.now()) };
    },
  };
}
