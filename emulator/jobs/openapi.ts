import { arrayOf, described, enumOf, integer, object, requestSchema, string, type TagSection, wireObject } from "../http/openapiBuilders";
import { pathsOf } from "../http/operation";
import { jobRequest } from "../schemas";
import { JOB_STATUSES, type JobResponse } from "../wire";
import { JOB_OPERATIONS } from "./operations";

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
  paths: pathsOf(tag.name, JOB_OPERATIONS),
};
