import { z } from "zod";
import { TEXT_TO_VIDEO_ENDPOINT_ID, type TextToVideoInput, textToVideoInputSchema } from "./textToVideo";

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

const timeoutSeconds = z.int().min(1).max(86_400).optional();
const recordFailure = z.boolean().optional();

export const jobInputsSchema = z.strictObject({
  endpointId: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
  timeoutSeconds,
  recordFailure,
});

// Compile-time proof that the validator and the documented argument type agree.
const jobInputsMatch: z.ZodType<JobInputs, JobInputs> = jobInputsSchema;
void jobInputsMatch;

/** The arguments of a `TextToVideoJob`, as plain values. Any change to `input` or `endpointId` generates a new video. */
export interface TextToVideoJobInputs {
  /** The model's input: the spec's fields, checked before any call; defaults applied. */
  input: TextToVideoInput;
  /**
   * Id under which the text-to-video model answers. @default "text-to-video"
   * @minLength 1
   */
  endpointId?: string;
  /**
   * How long create waits for the video, in seconds. From 1 to 86400. A job still queued or running then is
   * cancelled, so that it stops billing, and the deployment fails.
   * @TJS-type integer
   * @minimum 1
   * @maximum 86400
   * @default 600
   */
  timeoutSeconds?: number;
  /**
   * What a job that ends without a video (FAILED, TIMED_OUT or CANCELLED) does to the deployment: `false` fails it
   * with the job's error; `true` records the job, with its `status` and `error` as outputs.
   * @default false
   */
  recordFailure?: boolean;
}

export const textToVideoJobInputsSchema = z.strictObject({
  input: textToVideoInputSchema,
  endpointId: z.string().min(1).optional(),
  timeoutSeconds,
  recordFailure,
});

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

/** `TextToVideoJob` arguments after `check`: the input's defaults, the endpoint id and the settings' defaults applied. */
export type CheckedTextToVideoJobInputs = { input: Required<TextToVideoInput>; endpointId: string } & JobSettings;

export function withTextToVideoJobDefaults(inputs: z.output<typeof textToVideoJobInputsSchema>): CheckedTextToVideoJobInputs {
  return withJobDefaults({ ...inputs, endpointId: inputs.endpointId ?? TEXT_TO_VIDEO_ENDPOINT_ID });
}
