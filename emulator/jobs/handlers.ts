import type { JobRecord } from "../store";
import { readTextToVideoInput, textToVideoOutput } from "./textToVideo";

/** What running an input gives: how long it executes, its answer and what it yields on the way. */
export type Execution = Pick<JobRecord, "executionTime" | "result" | "chunks">;

/** Runs an input as job `id`; `completedAt` tells when a job that executes this long will have finished. */
export type Handler = (input: Record<string, unknown>, id: string, completedAt: (executionTime: number) => number) => Execution;

const failed = (error: string): Execution => ({ executionTime: 0, result: { status: "FAILED", error }, chunks: [] });

/**
 * The handler of the account's queue-based endpoints: the output is the input. Knobs in the input: `error` fails the
 * job with that text, `sleepMs` is its execution time instead of `executionMs`, and each item of a `stream` array is
 * yielded as a chunk.
 */
export function echoHandler(executionMs: number): Handler {
  return (input) => {
    const { error, sleepMs, stream } = input;
    if (sleepMs !== undefined && !(typeof sleepMs === "number" && Number.isInteger(sleepMs) && sleepMs >= 0)) {
      return failed("input.sleepMs must be a non-negative integer of milliseconds");
    }
    if (stream !== undefined && !Array.isArray(stream)) return failed("input.stream must be an array");
    return {
      executionTime: sleepMs ?? executionMs,
      result: typeof error === "string" ? { status: "FAILED", error } : { status: "COMPLETED", output: input },
      chunks: structuredClone(stream ?? []),
    };
  };
}

/** The hosted text-to-video model: `executionMs` per generated second; its files are served under `fileBaseUrl`. */
export function textToVideoHandler(executionMs: number, fileBaseUrl: string): Handler {
  return (raw, id, completedAt) => {
    const input = readTextToVideoInput(raw);
    if ("error" in input) return failed(input.error);
    const executionTime = executionMs * input.duration;
    const output = textToVideoOutput(id, input, completedAt(executionTime), fileBaseUrl);
    return { executionTime, result: { status: "COMPLETED", output }, chunks: [] };
  };
}
