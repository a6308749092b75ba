import type { PodRecord } from "../store";
import type { LogSource } from "./podLog";

/** A line a test appended to a pod's container log, at the emulator's time then. */
export interface AppendedLine {
  timestamp: number;
  source: LogSource;
  message: string;
}

// Keyed by the record, so that each emulator's pods keep their own lines and a deleted pod's go with it.
const appended = new WeakMap<PodRecord, AppendedLine[]>();

/** Appends lines to the pod's container log, as its process would print them at `now`. */
export function appendPodLog(pod: PodRecord, now: number, messages: readonly string[]): void {
  const lines = appended.get(pod) ?? [];
  lines.push(...messages.map((message) => ({ timestamp: now, source: "container" as const, message })));
  appended.set(pod, lines);
}

/** The lines appended to the pod's log up to `now`, oldest first. */
export function appendedLines(pod: PodRecord, now: number): AppendedLine[] {
  return (appended.get(pod) ?? []).filter((line) => line.timestamp <= now);
}
