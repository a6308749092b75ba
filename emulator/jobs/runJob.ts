import { randomUUID } from "node:crypto";
import { ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { parseBody } from "../http/validation";
import { jobRequest } from "../schemas";
import { enqueue, jobQueueOf } from "./jobQueue";
import { renderJob } from "./jobTimeline";
import { endpointId, submitErrors } from "./operationDocs";

/** `POST /v2/{endpointId}/run`: queue a job; answers 400, 403, 404 as `spec.errors` says. */
export const runJob: Operation = {
  method: "POST",
  path: "/{endpointId}/run",
  spec: {
    operationId: "runJob",
    summary: "Queue a job",
    parameters: [endpointId],
    body: "JobRequest",
    ok: { status: 200, description: "The queued job", schema: ref("JobResponse") },
    errors: submitErrors,
  },
  async handle(context, request) {
    const queue = jobQueueOf(request, context);
    const { input } = parseBody(jobRequest, request.body);
    return renderJob(enqueue(queue, context, randomUUID(), input), context.now());
  },
};
