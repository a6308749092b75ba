// The dynamic provider of `TextToVideoJob`, the job provider methods it shares with `Job`. Pulumi serializes this module
// as `require(<this file>)`, so it stays at this path, exports the provider methods and nothing else, and reads its
// settings only when called.
import type { z } from "zod";
import type { JobResponse } from "../../wire/job";
import {
  type CheckedTextToVideoJobInputs,
  type TextToVideoJobInputs,
  textToVideoJobInputsSchema,
  withTextToVideoJobDefaults,
} from "./inputs";
import { estimateTextToVideoCost, textToVideoOutputSchema } from "../../wire/textToVideo";
import { jobProvider } from "../job/jobProvider";
import { type JobRunOutputs, jobRunOutputs } from "../job/jobRun";

export { configure } from "../../config";

/** The job's outputs plus what a video job adds: where the video is, what it cost, and what it was estimated to cost. */
type TextToVideoJobOutputs = JobRunOutputs<CheckedTextToVideoJobInputs> & {
  videoUrl?: string;
  cost?: number;
  estimatedCost: number;
};

const provider = jobProvider({
  schema: textToVideoJobInputsSchema,
  withDefaults: (inputs: TextToVideoJobInputs) => withTextToVideoJobDefaults(inputs as z.output<typeof textToVideoJobInputsSchema>),
  outputsOf: videoOutputs,
});
export const { check, diff, create, read, update } = provider;
const remove = provider.delete;
export { remove as delete };

function videoOutputs(inputs: CheckedTextToVideoJobInputs, job: JobResponse): TextToVideoJobOutputs {
  const output = textToVideoOutputSchema.safeParse(job.output);
  return {
    ...jobRunOutputs(inputs, job),
    ...(output.success ? { videoUrl: output.data.video_url, cost: output.data.cost } : {}),
    estimatedCost: estimateTextToVideoCost(inputs.input.duration),
  };
}
