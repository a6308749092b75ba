import { z } from "zod";

/** The arguments of a `Job`, as plain values. Any change makes it a new job (a replacement). */
export interface JobInputs {
  /**
   * Id of the queue-based endpoint (or hosted model slug) that runs the job.
   * @minLength 1
   */
  endpointId: string;
  /** The job's `input` object, as the endpoint's handler expects it. */
  input: Record<string, unknown>;
  /**
   * How long create waits for the job to end, in seconds. From 1 to 86400. A job still queued or running then is
   * cancelled, so that it stops billing, and the deployment fails.
   * @TJS-type integer
   * @minimum 1
   * @maximum 86400
   * @default 600
   */
  timeoutSeconds?: number;
  /**
   * What a job that ends without completing (FAILED, TIMED_OUT or CANCELLED) does to the deployment: `false` fails
   * it with the job's error; `true` records the job, with its `status` and `error` as outputs, for smoke tests that
   * expect a failure.
   * @default false
   * @example true
   */
  recordFailure?: boolean;
}

/** The validators of the settings every job resource takes. */
export const jobSettingsSchemas = { timeoutSeconds: z.int().min(1).max(86_400).optional(), recordFailure: z.boolean().optional() };

export const jobInputsSchema = z.strictObject({
  endpointId: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
  ...jobSettingsSchemas,
});

// Compile-time proof that the validator and the documented argument type agree.
const jobInputsMatch: z.ZodType<JobInputs, JobInputs> = jobInputsSchema;
void jobInputsMatch;

/** Job arguments after `check`: defaults applied. */
export type CheckedJobInputs = Required<JobInputs>;

/** The settings every job resource takes, with their defaults applied. */
export interface JobSettings {
  timeoutSeconds: number;
  recordFailure: boolean;
}

export function withJobDefaults<T extends Partial<JobSettings>>(inputs: T): T & JobSettings {
  return { ...inputs, timeoutSeconds: inputs.timeoutSeconds ?? 600, recordFailure: inputs.recordFailure ?? false };
}
