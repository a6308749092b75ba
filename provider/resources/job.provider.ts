// The dynamic provider of `Job`. Pulumi serializes this module as `require(<this file>)`, so it exports the
// provider methods and nothing else, and reads its settings only when called.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { type CheckedJobInputs, type JobInputs, jobInputsSchema, withJobDefaults } from "../schemas/jobInputs";
import { ownProperties, validate } from "./dynamic";
import { diffJob, type JobRunOutputs, jobRunOutputs, readJob, runJob, withTimeout } from "./jobRun";

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
  const job = await runJob(inputs);
  return { id: job.id, outs: jobRunOutputs(inputs, job) };
}

export async function read(id: string, props: JobOutputs): Promise<dynamic.ReadResult<JobOutputs>> {
  const recorded = ownProperties(props);
  const job = await readJob(recorded.endpointId, id);
  if (!job) return { id: "" };
  const { endpointId, input, timeoutSeconds } = recorded;
  return { id, props: jobRunOutputs({ endpointId, input, timeoutSeconds }, job) };
}

export async function update(_id: string, olds: JobOutputs, news: CheckedJobInputs): Promise<dynamic.UpdateResult<JobOutputs>> {
  return withTimeout(olds, ownProperties(news));
}

/** A job that has run cannot be undone: deleting the resource only forgets it. */
async function forgetJob(): Promise<void> {}
export { forgetJob as delete };
