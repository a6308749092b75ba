import { callerOf } from "../http/auth";
import { string } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { idParam } from "../http/routing";
import { formatSseEvent, sendEventStream } from "../http/sse";
import { isFinal, renderJob, statusAt, timelineOf } from "../jobs/jobTimeline";
import { ownedEndpoint } from "../ownership";
import { endpointId, workerId } from "./parameters";
import { jobWorkerId, workersOf } from "./workers";

/**
 * `GET /v2/serverless/{id}/workers/{workerId}/logs`: read a worker's logs as Server-Sent Events;
 * answers 403, 404 as `spec.errors` says.
 */
export const getWorkerLogs: Operation = {
  method: "GET",
  path: "/serverless/{id}/workers/{workerId}/logs",
  spec: {
    operationId: "getWorkerLogs",
    summary: "Read a worker's logs as Server-Sent Events",
    description: "Each event's data is `{source, line, ts}` and its id is `ts`.",
    parameters: [endpointId, workerId],
    ok: { status: 200, description: "The event stream", schema: string, contentType: "text/event-stream" },
    errors: { 403: "The endpoint belongs to another account", 404: "No such endpoint or worker" },
  },
  async handle(context, request, reply) {
    const { store, options } = context;
    const endpoint = ownedEndpoint(store, callerOf(request), idParam(request));
    const { workerId } = request.params as { workerId: string };
    const known =
      workerId === jobWorkerId(endpoint) || workersOf(endpoint, options.timings, context.now()).some((worker) => worker.id === workerId);
    if (!known) throw new Problem(404, `Worker ${workerId} of endpoint ${endpoint.id} not found`);
    const now = context.now();
    // A job cancelled while queued never reached the worker.
    const events = [...endpoint.jobs.values()].flatMap((job) => {
      const { startedAt, endsAt } = timelineOf(job);
      if (job.workerId !== workerId || !isFinal(statusAt(job, now)) || endsAt < startedAt) return [];
      const { status, error } = renderJob(job, now);
      const ts = new Date(endsAt).toISOString();
      const line = `job ${job.id} ${status === "COMPLETED" ? "completed" : status === "CANCELLED" ? "cancelled" : `failed: ${error}`}`;
      return [formatSseEvent({ id: ts, data: { source: "container", line, ts } })];
    });
    return sendEventStream(reply, events.join(""));
  },
};
