import { ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { jobQueueOf } from "./jobQueue";
import { statusAt } from "./jobTimeline";
import { endpointId, queueErrors, writing } from "./operationDocs";

/** `POST /v2/{endpointId}/purge-queue`: drop the queued jobs; answers 400, 403, 404 as `spec.errors` says. */
export const purgeQueue: Operation = {
  method: "POST",
  path: "/{endpointId}/purge-queue",
  spec: {
    operationId: "purgeQueue",
    summary: "Drop the queued jobs",
    description: "Removes every job still IN_QUEUE (their status then answers 404); running jobs go on.",
    parameters: [endpointId],
    ok: { status: 200, description: "How many jobs were removed", schema: ref("PurgeQueueAnswer") },
    errors: { ...queueErrors, ...writing },
  },
  async handle(context, request) {
    const { jobs } = jobQueueOf(request, context);
    const now = context.now();
    const queued = [...jobs.values()].filter((job) => statusAt(job, now) === "IN_QUEUE");
    for (const job of queued) jobs.delete(job.id);
    return { removed: queued.length, status: "completed" };
  },
};
