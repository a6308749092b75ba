import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { jobOf, jobQueueOf } from "./jobQueue";
import { releasedChunks, statusAt } from "./jobTimeline";
import { serveMethods } from "../http/routing";

/** `/v2/{endpointId}/stream/{jobId}`: what the job yielded since the last read (each chunk once), with its status. */
export function registerJobStreamRoutes(app: FastifyInstance, context: EmulatorContext): void {
  serveMethods(app, "/:endpointId/stream/:jobId", {
    /**
     * `GET /v2/{endpointId}/stream/{jobId}` (streamJob): read a job's new output. Errors: 400: a load-balancing
     * endpoint, which has no queue; 403: the endpoint belongs to another account; 404: no such endpoint or job.
     */
    GET: async (request) => {
      const job = jobOf(jobQueueOf(request, context), request);
      const now = context.now();
      const released = releasedChunks(job, now);
      const fresh = released.slice(job.chunksRead);
      job.chunksRead = released.length;
      return { status: statusAt(job, now), stream: fresh.map((output) => ({ output: structuredClone(output) })) };
    },
  });
}
