import { ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { jobOf, jobQueueOf } from "./jobQueue";
import { releasedChunks, statusAt } from "./jobTimeline";
import { endpointId, jobErrors, jobId } from "./operationDocs";

/** `GET /v2/{endpointId}/stream/{jobId}`: read a job's new output; answers 400, 403, 404 as `spec.errors` says. */
export const streamJob: Operation = {
  method: "GET",
  path: "/{endpointId}/stream/{jobId}",
  spec: {
    operationId: "streamJob",
    summary: "Read a job's new output",
    description:
      "The chunks the job yielded since the last read, each handed out once, with the job's status; read until the " +
      "status is final. A job that yields nothing streams its whole output as one chunk once COMPLETED; a cancel or " +
      "time-out stops what it yields.",
    parameters: [endpointId, jobId],
    ok: { status: 200, description: "New chunks and the status", schema: ref("JobStream") },
    errors: jobErrors,
  },
  async handle(context, request) {
    const job = jobOf(jobQueueOf(request, context), request);
    const now = context.now();
    const released = releasedChunks(job, now);
    const fresh = released.slice(job.chunksRead);
    job.chunksRead = released.length;
    return { status: statusAt(job, now), stream: fresh.map((output) => ({ output: structuredClone(output) })) };
  },
};
