import type { PodRecord } from "../store";
import type { KeptLine } from "../http/logStream";

/** A line a test appended to a pod's container log, at the emulator's time then. */
type AppendedLine = Omit<KeptLine, "id">;

// Keyed by the record, so that each emulator's pods keep their own lines and a deleted pod's go with it.
const appended = new WeakMap<PodRecord, AppendedLine[]>();

/** Appends lines to the pod's container log, as its process would print them at `now`. */
export function appendPodLog(pod: PodRecord, now: number, messages: readonly string[]): void {
  const lines = appended.get(pod) ?? [];
  lines.push(...messages.map((line) => ({ timestamp: now, source: "container" as const, line })));
  appended.set(pod, lines);
}

/** The lines appended to the pod's log up to `now`, oldest first. */
export function appendedLines(pod: PodRecord, now: number): AppendedLine[] {
  return (appended.get(pod) ?? []).filter((line) => line.timestamp <= now);
}
