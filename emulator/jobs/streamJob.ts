import { callerOf } from "../http/auth";
import { READ_ONLY_KEY, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { jobOf, jobQueueOf } from "./jobQueue";
import { releasedChunks, statusAt } from "./jobTimeline";
import { endpointId, jobErrors, jobId } from "./operationDocs";

/**
 * `GET /v2/{endpointId}/stream/{jobId}`: read a job's new output; answers 400, 403, 404 as `spec.errors` says. A read
 * hands each chunk out once, so it changes the job: a read-only key may not take the chunks from their owner.
 */
export const streamJob: Operation = {
  method: "GET",
  path: "/{endpointId}/stream/{jobId}",
  spec: {
    operationId: "streamJob",
    summary: "Read a job's new output",
    description:
      "The chunks the job yielded since the last read, each handed out once, with the job's status; read until the " +
      "status is final. A job that yields nothing streams its whole output as one chunk once COMPLETED; a cancel or " +
      "time-out stops what it yields. A read hands the chunks out, so a read-only key may not stream.",
    parameters: [endpointId, jobId],
    ok: { status: 200, description: "New chunks and the status", schema: ref("JobStream") },
    errors: { ...jobErrors, 403: `${READ_ONLY_KEY} (a read takes the chunks), or the endpoint belongs to another account` },
  },
  async handle(context, request) {
    const job = jobOf(jobQueueOf(request, context), request);
    if (callerOf(request).readOnly) {
      throw new Problem(403, "This API key is read-only and cannot read a stream: a read takes the chunks it returns");
    }
    const now = context.now();
    const released = releasedChunks(job, now);
    const fresh = released.slice(job.chunksRead);
    job.chunksRead = released.length;
    return { status: statusAt(job, now), stream: fresh.map((output) => ({ output: structuredClone(output) })) };
  },
};
