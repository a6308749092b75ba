import { z } from "zod";
import { TEXT_TO_VIDEO_ENDPOINT_ID, type TextToVideoInput, textToVideoInputSchema } from "../../wire/textToVideo";
import { type JobSettings, jobSettingsSchemas, withJobDefaults } from "../job/inputs";

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
  ...jobSettingsSchemas,
});

/** `TextToVideoJob` arguments after `check`: the input's defaults, the endpoint id and the settings' defaults applied. */
export type CheckedTextToVideoJobInputs = { input: Required<TextToVideoInput>; endpointId: string } & JobSettings;

export function withTextToVideoJobDefaults(inputs: z.output<typeof textToVideoJobInputsSchema>): CheckedTextToVideoJobInputs {
  return withJobDefaults({ ...inputs, endpointId: inputs.endpointId ?? TEXT_TO_VIDEO_ENDPOINT_ID });
}
