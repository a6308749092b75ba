import { jobRequest } from "../schemas";
import { JOB_STATUSES, type JobResponse } from "../wire";
import {
  described,
  enumOf,
  integer,
  operationsOf,
  ref,
  requestSchema,
  string,
  type TagSection,
  wireObject,
} from "./builders";

const tag = {
  name: "Jobs",
  description:
    "The job API of queue-based endpoints and hosted models. The hosted text-to-video model answers at its configured " +
    "endpoint id (`text-to-video` unless the emulator is told otherwise); the account's QUEUE endpoints echo their " +
    "input as output, and fail with the input's `error` string when it has one.",
};
const operation = operationsOf(tag.name);
const endpointId = { name: "endpointId", in: "path", required: true, description: "Endpoint id or hosted model slug", schema: string };
const jobId = { name: "jobId", in: "path", required: true, description: "Job id", schema: string };

const job = wireObject<JobResponse>(
  {
    id: described(string, "Starts with `sync-` for sync runs."),
    status: described(enumOf(JOB_STATUSES), "COMPLETED and FAILED are final; any other status is in progress."),
    delayTime: described(integer, "Milliseconds in the queue."),
    executionTime: described(integer, "Milliseconds of execution."),
    output: described({ type: "object" }, "Once COMPLETED; text-to-video gives `video_url` (valid 7 days) and `cost` (USD)."),
    workerId: string,
    error: described(string, "Once FAILED."),
  },
  { delayTime: true, executionTime: true, output: true, workerId: true, error: true },
);

const errors = {
  400: "No `input` object, or a load-balancing endpoint, which has no queue",
  403: "The endpoint belongs to another account",
  404: "No such endpoint",
};

export const jobs: TagSection = {
  tag,
  schemas: { JobRequest: requestSchema(jobRequest), JobResponse: job },
  paths: {
    "/v2/{endpointId}/run": {
      post: operation({
        operationId: "runJob",
        summary: "Queue a job",
        parameters: [endpointId],
        body: "JobRequest",
        ok: { status: 200, description: "The queued job", schema: ref("JobResponse") },
        errors,
      }),
    },
    "/v2/{endpointId}/runsync": {
      post: operation({
        operationId: "runJobSync",
        summary: "Run a job and wait for it",
        description: "A failed job answers 400 with the job itself, `{id, status: FAILED, error}`, not a problem.",
        parameters: [endpointId],
        body: "JobRequest",
        ok: { status: 200, description: "The completed job", schema: ref("JobResponse") },
        errors,
      }),
    },
    "/v2/{endpointId}/status/{jobId}": {
      get: operation({
        operationId: "getJobStatus",
        summary: "Read a job",
        parameters: [endpointId, jobId],
        ok: { status: 200, description: "The job now", schema: ref("JobResponse") },
        errors: { ...errors, 400: "A load-balancing endpoint, which has no queue", 404: "No such endpoint or job" },
      }),
    },
  },
};
