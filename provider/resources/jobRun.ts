import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { JobResponse } from "../schemas/job";
import { sharedClient } from "../sharedClient";
import { diffResult, sameValue, stripUndefined, unlessNotFound } from "./dynamic";

/** What every job resource declares: where the job runs, its input, and how long to wait for it. */
export interface JobRunInputs {
  endpointId: string;
  input: Record<string, unknown>;
  timeoutSeconds: number;
}

/** A job resource's outputs: its arguments and the job as the job API reported it (its `id` is the resource id). */
export type JobRunOutputs<Inputs extends JobRunInputs> = Inputs & Omit<JobResponse, "id">;

/** A job cannot change: another endpoint or input is a new job. A new time-out is only recorded. */
export function diffJob(olds: JobRunInputs, news: JobRunInputs): dynamic.DiffResult {
  const replaces = (["endpointId", "input"] as const).filter((field) => !sameValue(olds[field], news[field]));
  return diffResult(olds.timeoutSeconds === news.timeoutSeconds ? [] : ["timeoutSeconds"], replaces);
}

/** The only update a job takes: the new time-out, recorded (it governs nothing once the job has run). */
export function withTimeout<Outputs extends JobRunInputs>(olds: Outputs, news: JobRunInputs): { outs: Outputs } {
  return { outs: { ...olds, timeoutSeconds: news.timeoutSeconds } };
}

/**
 * Queues the job, waits until it is COMPLETED or FAILED, and returns it; a FAILED job (or one that outlives its
 * time-out) fails with a message naming the job. Nothing needs cleaning up: a job is history, not a resource.
 */
export async function runJob(inputs: JobRunInputs): Promise<JobResponse> {
  const jobs = sharedClient().jobs;
  const queued = await jobs.run(inputs.endpointId, inputs.input);
  const job = await jobs.wait(inputs.endpointId, queued.id, { timeoutMs: inputs.timeoutSeconds * 1000 });
  if (job.status === "FAILED") {
    throw new Error(`job ${job.id} on endpoint ${inputs.endpointId} FAILED: ${job.error ?? "no error given"}`);
  }
  return job;
}

/** The job's outputs from its arguments and its answer. */
export function jobRunOutputs<Inputs extends JobRunInputs>(inputs: Inputs, job: JobResponse): JobRunOutputs<Inputs> {
  const { id: _id, ...reported } = job;
  return stripUndefined({ ...inputs, ...reported });
}

/** The job as the job API reports it now; undefined once it is gone (its endpoint was deleted with its history). */
export async function readJob(endpointId: string, jobId: string): Promise<JobResponse | undefined> {
  return unlessNotFound(() => sharedClient().jobs.status(endpointId, jobId));
}
