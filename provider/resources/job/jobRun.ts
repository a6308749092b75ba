import type * as dynamic from "@pulumi/pulumi/dynamic";
import { isFinal, type JobResponse } from "../../wire/job";
import { type JobSettings, withJobDefaults } from "./inputs";
import { sharedClient } from "../../sharedClient";
import { WaitTimeoutError } from "../../client/errors";
import { diffResult } from "../lifecycle/diffResult";
import { initializationFailure, stripUndefined } from "../lifecycle/engineProperties";
import { messageOf } from "../../messageOf";
import { sameValue } from "../../values/sameValue";
import { unlessNotFound } from "../unlessNotFound";

/** The outputs of every job resource, `id` and `urn` included: the job as it ended. */
export const JOB_OUTPUTS = [
  "id",
  "urn",
  "endpointId",
  "input",
  "status",
  "output",
  "delayTime",
  "executionTime",
  "workerId",
  "error",
] as const;

/** What every job resource declares: where the job runs, its input, and how create treats it. */
export interface JobRunInputs extends JobSettings {
  endpointId: string;
  input: Record<string, unknown>;
}

/** A job resource's outputs: its arguments and the job as the job API reported it (its `id` is the resource id). */
export type JobRunOutputs<Inputs extends JobRunInputs> = Inputs & Omit<JobResponse, "id">;

/** The settings that govern only how create waits: a change is recorded, never a new job. */
const settings = ["timeoutSeconds", "recordFailure"] as const;

/** A job cannot change: another endpoint or input is a new job. A new setting is only recorded. */
export function diffJob(olds: Partial<JobRunInputs>, news: JobRunInputs): dynamic.DiffResult {
  const recorded = withJobDefaults(olds);
  const replaces = (["endpointId", "input"] as const).filter((field) => !sameValue(olds[field], news[field]));
  return diffResult(
    settings.filter((field) => recorded[field] !== news[field]),
    replaces,
  );
}

/** The only update a job takes: its new settings, recorded (they govern nothing once the job has run). */
export function withSettings<Outputs extends JobRunInputs>(olds: Outputs, news: JobRunInputs): { outs: Outputs } {
  return { outs: { ...olds, timeoutSeconds: news.timeoutSeconds, recordFailure: news.recordFailure } };
}

/**
 * Queues the job and waits until it ends. A job that does not complete fails the create with its error, unless
 * `recordFailure` is set. A job still queued or running when the wait fails (its time-out passed, or the API could
 * not be reached) is cancelled first, so that nothing keeps running and billing; when even that fails, the job is
 * recorded with the error, so that destroying the resource cancels it.
 */
export async function runJob<Outputs>(
  inputs: JobRunInputs,
  engineProps: object,
  outputsOf: (job: JobResponse) => Outputs,
): Promise<dynamic.CreateResult<Outputs>> {
  const jobs = sharedClient().jobs;
  const { endpointId } = inputs;
  const queued = await jobs.run(endpointId, inputs.input);
  const recordRunning = (message: string, lastSeen = queued.status) =>
    initializationFailure(message, { id: queued.id, properties: outputsOf({ id: queued.id, status: lastSeen }) as object, engineProps });
  const job = await jobs
    .wait(endpointId, queued.id, { timeoutMs: inputs.timeoutSeconds * 1000 })
    .catch((waitError: unknown) => cancelAfterFailedWait(endpointId, queued.id, waitError, recordRunning));
  if (job.status !== "COMPLETED" && !inputs.recordFailure) {
    throw new Error(`job ${job.id} on endpoint ${endpointId} ${job.status}: ${job.error ?? "no error given"}`);
  }
  return { id: job.id, outs: outputsOf(job) };
}

/**
 * After a wait for a job failed, cancels the job and fails with the wait's error. A job that ended meanwhile is
 * returned, as its outcome; when the cancel fails too, fails with `stillRunning`, given the message and the job's
 * last seen status when the wait saw one.
 */
async function cancelAfterFailedWait(
  endpointId: string,
  jobId: string,
  waitError: unknown,
  stillRunning: (message: string, lastSeen: string | undefined) => Error,
): Promise<JobResponse> {
  const jobs = sharedClient().jobs;
  let cancelled: Pick<JobResponse, "status"> | undefined;
  try {
    cancelled = await unlessNotFound(() => jobs.cancel(endpointId, jobId));
  } catch (cancelError) {
    const message = `${messageOf(waitError)}; cancelling the job failed too (${messageOf(cancelError)}): destroy the resource to cancel it`;
    throw stillRunning(message, waitError instanceof WaitTimeoutError ? waitError.lastSeen : undefined);
  }
  // A job that is gone (purged, or its endpoint deleted) runs no more.
  if (cancelled === undefined) throw waitError;
  if (cancelled.status === "CANCELLED") throw new Error(`${messageOf(waitError)}; the job was cancelled`);
  // It ended between the last read and the cancel, which left it as it was: that is its outcome.
  return jobs.status(endpointId, jobId);
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

/**
 * Deleting a job resource: a job that may still be queued or running (as last recorded) is cancelled, so that it
 * stops billing; a job that has ended is history, and is only forgotten. A job already gone is no error.
 */
export async function cancelUnfinished(jobId: string, recorded: Pick<JobResponse, "status"> & { endpointId: string }): Promise<void> {
  if (isFinal(recorded)) return;
  await unlessNotFound(() => sharedClient().jobs.cancel(recorded.endpointId, jobId));
}
