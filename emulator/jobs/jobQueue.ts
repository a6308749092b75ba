import type { FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { callerOf } from "../http/auth";
import { Problem } from "../http/problem";
import { ownedEndpoint } from "../ownership";
import { jobBaseUrl } from "../serverless/endpointView";
import { jobWorkerId, workersReadyAt } from "../serverless/workers";
import { jobsTakenFrom } from "../serverless/workerHealth";
import type { EndpointRecord, JobRecord } from "../store";
import { echoHandler, type Handler, textToVideoHandler } from "./handlers";
import { runsOf } from "./jobTimeline";

/** Where an endpoint id's jobs are kept and how they run: an account's queue-based endpoint, or a hosted model. */
export interface JobQueue {
  /** The account's endpoint; null for a hosted model, which belongs to no account. */
  endpoint: EndpointRecord | null;
  jobs: Map<string, JobRecord>;
  workerId: string;
  /** Execution timeout of new jobs, in ms; null for none. */
  timeout: number | null;
  handler: Handler;
}

/** The job queue of the request's `{endpointId}`: 404/403 as for any endpoint, 400 for a load-balancing one. */
export function jobQueueOf(request: FastifyRequest, context: EmulatorContext): JobQueue {
  const { store, options } = context;
  const { endpointId } = request.params as { endpointId: string };
  const caller = callerOf(request);
  if (endpointId === options.jobs.textToVideoEndpointId) {
    return {
      endpoint: null,
      jobs: store.account(caller.account).hostedJobs,
      workerId: jobWorkerId({ id: endpointId }),
      timeout: null,
      handler: textToVideoHandler(options.jobs.executionMs, jobBaseUrl(request)),
    };
  }
  const endpoint = ownedEndpoint(store, caller, endpointId);
  if (endpoint.type === "LOAD_BALANCER") {
    throw new Problem(400, `Endpoint ${endpoint.id} is load-balancing and has no job queue; send requests to its base URL`);
  }
  return {
    endpoint,
    jobs: endpoint.jobs,
    workerId: jobWorkerId(endpoint),
    timeout: endpoint.timeout,
    handler: echoHandler(options.jobs.executionMs),
  };
}

/** The queue's job `{jobId}`, or 404. */
export function jobOf(queue: JobQueue, request: FastifyRequest): JobRecord {
  const { jobId } = request.params as { jobId: string };
  const job = queue.jobs.get(jobId);
  if (job === undefined) throw new Problem(404, `Job ${jobId} not found`);
  return job;
}

/**
 * Queues `input` as job `id` (a new one, or a retried one under its id) at `now`. A worker takes it after the
 * queue delay, or once the endpoint's standing workers are ready if they are still initializing.
 */
export function enqueue(
  queue: JobQueue,
  context: EmulatorContext,
  id: string,
  input: Record<string, unknown>,
  previous?: JobRecord,
): JobRecord {
  const now = context.now();
  const readyAt = queue.endpoint === null ? now : jobsTakenFrom(queue.endpoint, workersReadyAt(queue.endpoint, context.options.timings));
  const delayTime = Math.max(context.options.jobs.queueMs, readyAt - now);
  const execution = queue.handler(input, id, (executionTime) => now + delayTime + executionTime);
  const job: JobRecord = {
    id,
    input,
    submittedAt: now,
    delayTime,
    timeout: queue.timeout,
    workerId: queue.workerId,
    ...execution,
    chunksRead: 0,
    cancelledAt: null,
    retries: previous === undefined ? 0 : previous.retries + 1,
    earlierRuns: previous === undefined ? [] : runsOf(previous, now),
  };
  queue.jobs.set(id, job);
  return job;
}
