import { WAIT_MS, waitQuery } from "./routes";
import { jobRequest } from "../schemas";
import { JOB_STATUSES, type JobResponse } from "../wire";
import {
  arrayOf,
  described,
  enumOf,
  integer,
  object,
  operationsOf,
  queryParameters,
  READ_ONLY_KEY,
  ref,
  requestSchema,
  type Schema,
  string,
  type TagSection,
  wireObject,
} from "../http/openapiBuilders";

const tag = {
  name: "Jobs",
  description:
    "The job API of queue-based endpoints and hosted models. The hosted text-to-video model answers at its configured " +
    "endpoint id (`text-to-video` unless the emulator is told otherwise); the account's QUEUE endpoints run an echo " +
    "handler whose output is its input. Knobs in the input of the echo handler: `error` (string) fails the job with " +
    "that text; `sleepMs` (integer) is the job's execution time instead of the emulator's default; `stream` (array) " +
    "yields each item as a chunk, released evenly over the execution. A job waits in the queue for the emulator's " +
    "queue delay, or until the endpoint's standing workers are ready if they still initialize; execution past the " +
    "endpoint's `timeout` (ms) ends TIMED_OUT. Statuses: IN_QUEUE, IN_PROGRESS, then one of the final COMPLETED, " +
    "FAILED, CANCELLED and TIMED_OUT.",
};
const operation = operationsOf(tag.name);
const endpointId = { name: "endpointId", in: "path", required: true, description: "Endpoint id or hosted model slug", schema: string };
const jobId = { name: "jobId", in: "path", required: true, description: "Job id", schema: string };
const wait = queryParameters(waitQuery, {
  wait: {
    description:
      `Milliseconds to wait for the job to end, from ${WAIT_MS.min} to ${WAIT_MS.max} (the bounds of the reference's ` +
      "sync runs); out of range answers 400 naming `wait`.",
    schema: { default: WAIT_MS.default },
  },
});

const job = wireObject<JobResponse>(
  {
    id: described(string, "Starts with `sync-` for sync runs."),
    status: described(enumOf(JOB_STATUSES), "COMPLETED, FAILED, CANCELLED and TIMED_OUT are final."),
    delayTime: described(integer, "Milliseconds in the queue; once a worker took the job."),
    executionTime: described(integer, "Milliseconds of execution, up to a cancel or time-out; once final."),
    output: described({ type: "object" }, "Once COMPLETED; text-to-video gives `video_url` (valid 7 days) and `cost` (USD)."),
    workerId: string,
    error: described(string, "Once FAILED or TIMED_OUT."),
  },
  { delayTime: true, executionTime: true, output: true, workerId: true, error: true },
);

const queueErrors = {
  403: "The endpoint belongs to another account",
  404: "No such endpoint",
  400: "A load-balancing endpoint, which has no queue",
} as const;
const jobErrors = { ...queueErrors, 404: "No such endpoint or job" } as const;
/** The 403 of an operation that changes jobs, which a read-only key may not. */
const writing = { 403: `${READ_ONLY_KEY}, or the endpoint belongs to another account` } as const;
const submitErrors = { ...queueErrors, ...writing, 400: "No `input` object, or a load-balancing endpoint, which has no queue" } as const;
const waitErrors = (errors: Record<number, string>) => ({ ...errors, 400: `${errors[400]}, or \`wait\` out of range` });

/** The operation, with its 400 also answering the failed sync job itself as JSON. */
function failedJobUnder400(built: Schema): Schema {
  const responses = built.responses as Record<string, Schema>;
  const problem = { schema: ref("Problem") };
  responses["400"] = {
    description: "A FAILED job, as `{id, status, error}` (not a problem); or a problem: no `input`, a load-balancing endpoint, `wait` out of range",
    content: { "application/json": { schema: ref("FailedSyncJob") }, "application/problem+json": problem },
  };
  return built;
}

export const jobs: TagSection = {
  tag,
  schemas: {
    JobRequest: requestSchema(jobRequest),
    JobResponse: job,
    FailedSyncJob: object({ id: string, status: enumOf(["FAILED"]), error: string }),
    JobStatusAnswer: object({ id: string, status: enumOf(JOB_STATUSES) }),
    JobStream: object({
      status: enumOf(JOB_STATUSES),
      stream: described(arrayOf(object({ output: {} })), "Chunks yielded since the last read, oldest first."),
    }),
    PurgeQueueAnswer: object({ removed: described(integer, "Jobs removed from the queue"), status: enumOf(["completed"]) }),
    EndpointHealth: object({
      jobs: object({
        completed: integer,
        failed: described(integer, "FAILED and TIMED_OUT jobs"),
        inProgress: integer,
        inQueue: integer,
        retried: described(integer, "Jobs queued again by retry that have not ended yet"),
      }),
      workers: object({
        idle: integer,
        initializing: integer,
        ready: described(integer, "Workers up: idle or running"),
        running: integer,
        throttled: integer,
        unhealthy: integer,
      }),
    }),
  },
  paths: {
    "/v2/{endpointId}/run": {
      post: operation({
        operationId: "runJob",
        summary: "Queue a job",
        parameters: [endpointId],
        body: "JobRequest",
        ok: { status: 200, description: "The queued job", schema: ref("JobResponse") },
        errors: submitErrors,
      }),
    },
    "/v2/{endpointId}/runsync": {
      post: failedJobUnder400(
        operation({
          operationId: "runJobSync",
          summary: "Run a job and wait for it",
          description:
            "Queues the job, then waits up to `wait` ms on the emulator's clock for it to end. A job still IN_QUEUE or " +
            "IN_PROGRESS when the wait is over is answered as it stands: continue with `status` or `status-sync`. A " +
            "FAILED job answers 400 with the job itself, `{id, status: FAILED, error}`, not a problem.",
          parameters: [endpointId, ...wait],
          body: "JobRequest",
          ok: { status: 200, description: "The job when it ended or the wait was over", schema: ref("JobResponse") },
          errors: waitErrors(submitErrors),
        }),
      ),
    },
    "/v2/{endpointId}/status/{jobId}": {
      get: operation({
        operationId: "getJobStatus",
        summary: "Read a job",
        parameters: [endpointId, jobId],
        ok: { status: 200, description: "The job now", schema: ref("JobResponse") },
        errors: jobErrors,
      }),
    },
    "/v2/{endpointId}/status-sync/{jobId}": {
      get: operation({
        operationId: "getJobStatusSync",
        summary: "Wait for a job, then read it",
        description:
          "Waits up to `wait` ms on the emulator's clock for the job to end, then answers it as `status` does (a FAILED " +
          "job too answers 200). A job purged meanwhile answers 404.",
        parameters: [endpointId, jobId, ...wait],
        ok: { status: 200, description: "The job when it ended or the wait was over", schema: ref("JobResponse") },
        errors: waitErrors(jobErrors),
      }),
    },
    "/v2/{endpointId}/stream/{jobId}": {
      get: operation({
        operationId: "streamJob",
        summary: "Read a job's new output",
        description:
          "The chunks the job yielded since the last read, each handed out once, with the job's status; read until the " +
          "status is final. A job that yields nothing streams its whole output as one chunk once COMPLETED; a cancel or " +
          "time-out stops what it yields.",
        parameters: [endpointId, jobId],
        ok: { status: 200, description: "New chunks and the status", schema: ref("JobStream") },
        errors: jobErrors,
      }),
    },
    "/v2/{endpointId}/cancel/{jobId}": {
      post: operation({
        operationId: "cancelJob",
        summary: "Cancel a job",
        description:
          "A job IN_QUEUE or IN_PROGRESS ends CANCELLED at once. A job already final is left as it is and answered 200 " +
          "with its unchanged status: a late cancel is no error, and `status` in the answer tells what happened.",
        parameters: [endpointId, jobId],
        ok: { status: 200, description: "The job's status after the cancel", schema: ref("JobStatusAnswer") },
        errors: { ...jobErrors, ...writing },
      }),
    },
    "/v2/{endpointId}/retry/{jobId}": {
      post: operation({
        operationId: "retryJob",
        summary: "Run a failed job again",
        description:
          "A FAILED or TIMED_OUT job is queued again under its id with the same input; its earlier output, error and " +
          "stream are dropped. Any other job is refused with 400.",
        parameters: [endpointId, jobId],
        ok: { status: 200, description: "The job, IN_QUEUE again", schema: ref("JobStatusAnswer") },
        errors: { ...jobErrors, ...writing, 400: "The job is not FAILED or TIMED_OUT, or a load-balancing endpoint" },
      }),
    },
    "/v2/{endpointId}/purge-queue": {
      post: operation({
        operationId: "purgeQueue",
        summary: "Drop the queued jobs",
        description: "Removes every job still IN_QUEUE (their status then answers 404); running jobs go on.",
        parameters: [endpointId],
        ok: { status: 200, description: "How many jobs were removed", schema: ref("PurgeQueueAnswer") },
        errors: { ...queueErrors, ...writing },
      }),
    },
    "/v2/{endpointId}/health": {
      get: operation({
        operationId: "getEndpointHealth",
        summary: "Jobs and workers by state",
        description:
          "The endpoint's jobs by status and its workers by status, as `/v2/serverless/{id}/workers` lists them. " +
          "CANCELLED jobs are in no count. A hosted model has one worker, always up.",
        parameters: [endpointId],
        ok: { status: 200, description: "Counts now", schema: ref("EndpointHealth") },
        errors: queueErrors,
      }),
    },
  },
};
