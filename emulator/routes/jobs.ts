import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { callerOf } from "../auth";
import type { EmulatorContext } from "../context";
import { jobWorkerId } from "../endpoint-workers";
import { renderJob } from "../jobs";
import { ownedEndpoint } from "../ownership";
import { Problem } from "../problem";
import { serveMethods } from "../routing";
import { jobRequest } from "../schemas";
import type { JobRecord } from "../store";
import { readTextToVideoInput, textToVideoOutput } from "../text-to-video";
import { parseBody } from "../validation";
import { jobBaseUrl } from "./serverless";

type Submission = Pick<JobRecord, "executionTime" | "result">;

/** Runs an input as job `id`; `completedAt` tells when a job that executes this long will have finished. */
type Handler = (input: Record<string, unknown>, id: string, completedAt: (executionTime: number) => number) => Submission;

/**
 * The job API: `/v2/{endpointId}/run`, `/runsync` and `/status/{jobId}`. The hosted text-to-video model answers at
 * its configured endpoint id; the account's queue-based endpoints run an echo handler. `runsync` answers at once
 * with the job as it would be after waiting: submitted `delayTime + executionTime` ago and finished now.
 */
export function registerJobRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const { store, options } = context;

  /** Where the endpoint's jobs are kept, and how it runs an input. */
  function target(request: FastifyRequest): { jobs: Map<string, JobRecord>; workerId: string; run: Handler } {
    const { endpointId } = request.params as { endpointId: string };
    const caller = callerOf(request);
    if (endpointId === options.jobs.textToVideoEndpointId) {
      return {
        jobs: store.account(caller.account).hostedJobs,
        workerId: jobWorkerId({ id: endpointId }),
        run: (raw, id, completedAt) => {
          const input = readTextToVideoInput(raw);
          if ("error" in input) return { executionTime: 0, result: { status: "FAILED", error: input.error } };
          const executionTime = options.jobs.executionMs * input.duration;
          const output = textToVideoOutput(id, input, completedAt(executionTime), jobBaseUrl(request));
          return { executionTime, result: { status: "COMPLETED", output } };
        },
      };
    }
    const endpoint = ownedEndpoint(store, caller, endpointId);
    if (endpoint.type === "LOAD_BALANCER") {
      throw new Problem(400, `Endpoint ${endpoint.id} is load-balancing and has no job queue; send requests to its base URL`);
    }
    return {
      jobs: endpoint.jobs,
      workerId: jobWorkerId(endpoint),
      run: (input) => ({
        executionTime: options.jobs.executionMs,
        result: typeof input.error === "string" ? { status: "FAILED", error: input.error } : { status: "COMPLETED", output: input },
      }),
    };
  }

  function submit(request: FastifyRequest, id: string, finishedNow: boolean): JobRecord {
    const endpoint = target(request);
    const { input } = parseBody(jobRequest, request.body);
    const now = context.now();
    const delayTime = options.jobs.queueMs;
    const submission = endpoint.run(input, id, (executionTime) => (finishedNow ? now : now + delayTime + executionTime));
    const job: JobRecord = {
      id,
      submittedAt: finishedNow ? now - delayTime - submission.executionTime : now,
      delayTime,
      workerId: endpoint.workerId,
      ...submission,
    };
    endpoint.jobs.set(job.id, job);
    return job;
  }

  serveMethods(app, "/:endpointId/run", {
    POST: async (request) => renderJob(submit(request, randomUUID(), false), context.now()),
  });

  serveMethods(app, "/:endpointId/runsync", {
    POST: async (request, reply) => {
      const job = renderJob(submit(request, `sync-${randomUUID()}`, true), context.now());
      // A failed sync job is answered as the job itself under 400, not as a problem.
      if (job.status === "FAILED") return reply.code(400).send({ id: job.id, status: job.status, error: job.error });
      return job;
    },
  });

  serveMethods(app, "/:endpointId/status/:jobId", {
    GET: async (request) => {
      const { jobId } = request.params as { jobId: string };
      const job = target(request).jobs.get(jobId);
      if (job === undefined) throw new Problem(404, `Job ${jobId} not found`);
      return renderJob(job, context.now());
    },
  });
}
