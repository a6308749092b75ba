import type { FastifyInstance } from "fastify";
import { callerOf } from "../http/auth";
import type { EmulatorContext } from "../context";
import { endpointVersion, jobWorkerId, releasesOf, workersOf } from "./workers";
import { isFinal, renderJob, statusAt, timelineOf } from "../jobs/jobTimeline";
import { ownedEndpoint } from "../ownership";
import { Problem } from "../http/problem";
import { idParam, serveMethods } from "../http/routing";
import { formatSseEvent, sendEventStream } from "../http/sse";
import type { EndpointRecord } from "../store";
import type { Worker, WorkerStatus } from "../wire";

/** `/v2/serverless/{id}/workers`, its worker logs and `/v2/serverless/{id}/releases`. */
export function registerServerlessWorkerRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const { store, options } = context;
  const workers = (endpoint: EndpointRecord) => workersOf(endpoint, options.timings, context.now());

  serveMethods(app, "/serverless/:id/workers", {
    /**
     * `GET /v2/serverless/{id}/workers` (listEndpointWorkers): list an endpoint's workers. Errors: 403: the endpoint
     * belongs to another account; 404: no such endpoint.
     */
    GET: async (request) => {
      const endpoint = ownedEndpoint(store, callerOf(request), idParam(request));
      const current = workers(endpoint);
      return { workers: current, summary: summarize(current), endpointVersion: endpointVersion(endpoint) };
    },
  });

  serveMethods(app, "/serverless/:id/releases", {
    /**
     * `GET /v2/serverless/{id}/releases` (listEndpointReleases): list an endpoint's releases, newest first. Errors:
     * 403: the endpoint belongs to another account; 404: no such endpoint.
     */
    GET: async (request) => {
      const endpoint = ownedEndpoint(store, callerOf(request), idParam(request));
      const current = workers(endpoint);
      return {
        endpointVersion: endpointVersion(endpoint),
        rollout: {
          inProgress: false,
          workersOnLatest: current.length,
          workersTotal: current.length,
          percentOnLatest: current.length === 0 ? 0 : 100,
        },
        releases: releasesOf(endpoint, current),
      };
    },
  });

  // Worker logs as Server-Sent Events: one line per job the worker ran, each event's id its timestamp.
  serveMethods(app, "/serverless/:id/workers/:workerId/logs", {
    /**
     * `GET /v2/serverless/{id}/workers/{workerId}/logs` (getWorkerLogs): read a worker's logs as Server-Sent Events.
     * Errors: 403: the endpoint belongs to another account; 404: no such endpoint or worker.
     */
    GET: async (request, reply) => {
      const endpoint = ownedEndpoint(store, callerOf(request), idParam(request));
      const { workerId } = request.params as { workerId: string };
      const known = workerId === jobWorkerId(endpoint) || workers(endpoint).some((worker) => worker.id === workerId);
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
  });
}

function summarize(workers: Worker[]): Record<Lowercase<WorkerStatus> | "total", number> {
  const count = (status: WorkerStatus) => workers.filter((worker) => worker.status === status).length;
  return {
    running: count("RUNNING"),
    idle: count("IDLE"),
    initializing: count("INITIALIZING"),
    throttled: count("THROTTLED"),
    unhealthy: count("UNHEALTHY"),
    total: workers.length,
  };
}
