// The dynamic provider of `TextToVideoJob`. Pulumi serializes this module as `require(<this file>)`, so it
// exports the provider methods and nothing else, and reads its settings only when called.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import type { JobResponse } from "../schemas/job";
import {
  type CheckedTextToVideoJobInputs,
  type TextToVideoJobInputs,
  textToVideoJobInputsSchema,
  withJobDefaults,
  withTextToVideoJobDefaults,
} from "../schemas/jobInputs";
import { estimateTextToVideoCost, textToVideoOutputSchema } from "../schemas/textToVideo";
import { ownProperties } from "./lifecycle/engineProperties";
import { validate } from "./lifecycle/validate";
import { cancelUnfinished, diffJob, type JobRunOutputs, jobRunOutputs, readJob, runJob, withSettings } from "./jobRun";

export { configure } from "../config";

/** The job's outputs plus what a video job adds: where the video is, what it cost, and what it was estimated to cost. */
type TextToVideoJobOutputs = JobRunOutputs<CheckedTextToVideoJobInputs> & {
  videoUrl?: string;
  cost?: number;
  estimatedCost: number;
};

export async function check(
  _olds: Partial<TextToVideoJobInputs>,
  props: TextToVideoJobInputs,
): Promise<dynamic.CheckResult<CheckedTextToVideoJobInputs>> {
  const news = ownProperties(props);
  const failures = validate(textToVideoJobInputsSchema, news);
  if (failures.length > 0) return { failures };
  const parsed = textToVideoJobInputsSchema.safeParse(news);
  // Unparsable without failures means values unknown until apply: they are checked again then.
  return { inputs: withTextToVideoJobDefaults(parsed.success ? parsed.data : (news as z.output<typeof textToVideoJobInputsSchema>)) };
}

export async function diff(_id: string, olds: TextToVideoJobOutputs, news: CheckedTextToVideoJobInputs): Promise<dynamic.DiffResult> {
  return diffJob(olds, news);
}

export async function create(props: CheckedTextToVideoJobInputs): Promise<dynamic.CreateResult<TextToVideoJobOutputs>> {
  const inputs = ownProperties(props);
  return runJob(inputs, props, (job) => videoOutputs(inputs, job));
}

export async function read(id: string, props: TextToVideoJobOutputs): Promise<dynamic.ReadResult<TextToVideoJobOutputs>> {
  const recorded = withJobDefaults(ownProperties(props));
  const job = await readJob(recorded.endpointId, id);
  if (!job) return { id: "" };
  const { endpointId, input, timeoutSeconds, recordFailure } = recorded;
  return { id, props: videoOutputs({ endpointId, input, timeoutSeconds, recordFailure }, job) };
}

export async function update(_id: string, olds: TextToVideoJobOutputs, news: CheckedTextToVideoJobInputs): Promise<dynamic.UpdateResult<TextToVideoJobOutputs>> {
  return withSettings(olds, ownProperties(news));
}

async function deleteJob(id: string, props: TextToVideoJobOutputs): Promise<void> {
  await cancelUnfinished(id, ownProperties(props));
}
export { deleteJob as delete };

function videoOutputs(inputs: CheckedTextToVideoJobInputs, job: JobResponse): TextToVideoJobOutputs {
  const output = textToVideoOutputSchema.safeParse(job.output);
  return {
    ...jobRunOutputs(inputs, job),
    ...(output.success ? { videoUrl: output.data.video_url, cost: output.data.cost } : {}),
    estimatedCost: estimateTextToVideoCost(inputs.input.duration),
  };
}
