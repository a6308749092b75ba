// The dynamic provider of `Job`. Pulumi serializes this module as `require(<this file>)`, so it exports the
// provider methods and nothing else, and reads its settings only when called.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { type CheckedJobInputs, type JobInputs, jobInputsSchema, withJobDefaults } from "../schemas/jobInputs";
import { ownProperties } from "./lifecycle/engineProperties";
import { validate } from "./lifecycle/validate";
import { cancelUnfinished, diffJob, type JobRunOutputs, jobRunOutputs, readJob, runJob, withSettings } from "./jobRun";

export { configure } from "../config";

type JobOutputs = JobRunOutputs<CheckedJobInputs>;

export async function check(_olds: Partial<JobInputs>, props: JobInputs): Promise<dynamic.CheckResult<CheckedJobInputs>> {
  const news = ownProperties(props);
  const failures = validate(jobInputsSchema, news);
  return failures.length > 0 ? { failures } : { inputs: withJobDefaults(news) };
}

export async function diff(_id: string, olds: JobOutputs, news: CheckedJobInputs): Promise<dynamic.DiffResult> {
  return diffJob(olds, news);
}

export async function create(props: CheckedJobInputs): Promise<dynamic.CreateResult<JobOutputs>> {
  const inputs = ownProperties(props);
  return runJob(inputs, props, (job) => jobRunOutputs(inputs, job));
}

export async function read(id: string, props: JobOutputs): Promise<dynamic.ReadResult<JobOutputs>> {
  const recorded = withJobDefaults(ownProperties(props));
  const job = await readJob(recorded.endpointId, id);
  if (!job) return { id: "" };
  const { endpointId, input, timeoutSeconds, recordFailure } = recorded;
  return { id, props: jobRunOutputs({ endpointId, input, timeoutSeconds, recordFailure }, job) };
}

export async function update(_id: string, olds: JobOutputs, news: CheckedJobInputs): Promise<dynamic.UpdateResult<JobOutputs>> {
  return withSettings(olds, ownProperties(news));
}

async function deleteJob(id: string, props: JobOutputs): Promise<void> {
  await cancelUnfinished(id, ownProperties(props));
}
export { deleteJob as delete };
