import { queryParameters, READ_ONLY_KEY, ref, type Schema, string } from "../http/openapiBuilders";
import { WAIT_MS, waitQuery } from "./requests";

/** The OpenAPI pieces the job operations share: their path parameters, `wait`, and their errors. */

export const endpointId = {
  name: "endpointId",
  in: "path",
  required: true,
  description: "Endpoint id or hosted model slug",
  schema: string,
};
export const jobId = { name: "jobId", in: "path", required: true, description: "Job id", schema: string };
export const wait = queryParameters(waitQuery, {
  wait: {
    description:
      `Milliseconds to wait for the job to end, from ${WAIT_MS.min} to ${WAIT_MS.max} (the bounds of the reference's ` +
      "sync runs); out of range answers 400 naming `wait`.",
    schema: { default: WAIT_MS.default },
  },
});

export const queueErrors = {
  403: "The endpoint belongs to another account",
  404: "No such endpoint",
  400: "A load-balancing endpoint, which has no queue",
} as const;
export const jobErrors = { ...queueErrors, 404: "No such endpoint or job" } as const;
/** The 403 of an operation that changes jobs, which a read-only key may not. */
export const writing = { 403: `${READ_ONLY_KEY}, or the endpoint belongs to another account` } as const;
export const submitErrors = {
  ...queueErrors,
  ...writing,
  400: "No `input` object, or a load-balancing endpoint, which has no queue",
} as const;
export const waitErrors = (errors: Record<number, string>) => ({ ...errors, 400: `${errors[400]}, or \`wait\` out of range` });

/** The 400 of a sync run, which also answers the failed job itself as JSON. */
export const failedSyncJobOr400: Schema = {
  description:
    "A FAILED job, as `{id, status, error}` (not a problem); or a problem: no `input`, a load-balancing endpoint, `wait` out of range",
  content: { "application/json": { schema: ref("FailedSyncJob") }, "application/problem+json": { schema: ref("Problem") } },
};
