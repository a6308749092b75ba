import { randomUUID } from "node:crypto";
import { ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { parseBody } from "../http/validation";
import { jobRequest } from "../schemas";
import { enqueue, jobQueueOf } from "./jobQueue";
import { afterWait } from "./jobWait";
import { endpointId, failedSyncJobOr400, submitErrors, wait, waitErrors } from "./operationDocs";
import { waitOf } from "./requests";

/** `POST /v2/{endpointId}/runsync`: run a job and wait for it; answers 400, 403, 404 as `spec.errors` says. */
export const runJobSync: Operation = {
  method: "POST",
  path: "/{endpointId}/runsync",
  spec: {
    operationId: "runJobSync",
    summary: "Run a job and wait for it",
    description:
      "Queues the job, then waits up to `wait` ms on the emulator's clock for it to end. A job still IN_QUEUE or " +
      "IN_PROGRESS when the wait is over is answered as it stands: continue with `status`. A " +
      "FAILED job answers 400 with the job itself, `{id, status: FAILED, error}`, not a problem.",
    parameters: [endpointId, ...wait],
    body: "JobRequest",
    ok: { status: 200, description: "The job when it ended or the wait was over", schema: ref("JobResponse") },
    errors: { ...waitErrors(submitErrors), 400: failedSyncJobOr400 },
  },
  async handle(context, request, reply) {
    const queue = jobQueueOf(request, context);
    const { input } = parseBody(jobRequest, request.body);
    const waitMs = waitOf(request.query);
    const job = await afterWait(context, queue, enqueue(queue, context, `sync-${randomUUID()}`, input), waitMs);
    // A failed sync job is answered as the job itself under 400, not as a problem.
    if (job.status === "FAILED") return reply.code(400).send({ id: job.id, status: job.status, error: job.error });
    return job;
  },
};
