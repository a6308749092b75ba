import type { KeptLine } from "../http/logStream";
import { isFinal, renderJob, statusAt, timelineOf } from "../jobs/jobTimeline";
import type { EndpointRecord } from "../store";

type Unnumbered = Omit<KeptLine, "id">;

// Keyed by the record, so that each emulator's endpoints keep their own and a deleted endpoint's go with it.
const appended = new WeakMap<EndpointRecord, Map<string, Unnumbered[]>>();

/** Appends lines to a worker's container log, as its handler would print them at `now`. */
export function appendWorkerLog(endpoint: EndpointRecord, workerId: string, now: number, lines: readonly string[]): void {
  const workers = appended.get(endpoint) ?? new Map<string, Unnumbered[]>();
  appended.set(endpoint, workers);
  workers.set(workerId, [
    ...(workers.get(workerId) ?? []),
    ...lines.map((line) => ({ timestamp: now, source: "container" as const, line })),
  ]);
}

/**
 * The worker's log up to `now`, numbered from 1 in time order: a line per job it finished (a job cancelled while queued never reached it) and the
 * lines a test appended, in time order. Lines only ever get appended while time moves forward, so ids stay stable.
 */
export function workerLog(endpoint: EndpointRecord, workerId: string, now: number): KeptLine[] {
  const jobLines = [...endpoint.jobs.values()].flatMap((job): Unnumbered[] => {
    const { startedAt, endsAt } = timelineOf(job);
    if (job.workerId !== workerId || !isFinal(statusAt(job, now)) || endsAt < startedAt) return [];
    const { status, error } = renderJob(job, now);
    const outcome = status === "COMPLETED" ? "completed" : status === "CANCELLED" ? "cancelled" : `failed: ${error}`;
    return [{ timestamp: endsAt, source: "container", line: `job ${job.id} ${outcome}` }];
  });
  const printed = (appended.get(endpoint)?.get(workerId) ?? []).filter((line) => line.timestamp <= now);
  return [...jobLines.sort((a, b) => a.timestamp - b.timestamp), ...printed]
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((line, index) => ({ ...line, id: index + 1 }));
}
