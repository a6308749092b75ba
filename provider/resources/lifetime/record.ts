import { sameValue } from "../../values/sameValue";
import { dueExpiry, type Expiry, type LifetimeRecord } from "./expiry";
import type { LifetimeInputs } from "./inputs";

/** The record of a lifetime that starts counting at `now`: at creation, and at each change of `lifetime`. */
export function freshRecord(lifetime: LifetimeInputs | undefined, now: number): LifetimeRecord {
  if (lifetime === undefined) return {};
  const since = new Date(now).toISOString();
  return { lifetime, lifetimeSince: since, stopCountsFrom: since };
}

/** Whether the arguments change the recorded lifetime, which renews it. */
export function renews(record: LifetimeRecord, lifetime: LifetimeInputs | undefined): boolean {
  return !sameValue(record.lifetime, lifetime);
}

/**
 * What an update of the program makes of the record, and the ending due at `now` that it must carry out:
 * a new lifetime starts counting afresh (and undoes a stop); a start by the program counts `stopAfter` from
 * then; otherwise the record stands, and a stop or terminate that has come is due.
 */
export function plannedRecord(
  record: LifetimeRecord,
  lifetime: LifetimeInputs | undefined,
  startedByProgram: boolean,
  now: number,
): { record: LifetimeRecord; due?: Expiry } {
  if (renews(record, lifetime)) return { record: freshRecord(lifetime, now) };
  const current: LifetimeRecord =
    startedByProgram && record.endedBy !== "terminate"
      ? { ...record, stopCountsFrom: new Date(now).toISOString(), endedBy: undefined, endedAt: undefined, idleSince: undefined }
      : record;
  const due = dueExpiry(current, now);
  return due === undefined ? { record: current } : { record: ended(current, due), due };
}

/** The record once the ending `due` has been carried out. */
export function ended(record: LifetimeRecord, due: Expiry): LifetimeRecord {
  return { ...record, endedBy: due.action, endedAt: new Date(due.at).toISOString() };
}

/**
 * The record after a sample of the GPUs' utilization (`undefined` when the resource is not running): idle since
 * the first sample below the threshold in a row, and no longer idle at a sample at or above it.
 */
export function sampledRecord(record: LifetimeRecord, gpuUtilization: readonly number[] | undefined, now: number): LifetimeRecord {
  const threshold = record.lifetime?.whenIdle?.gpuUtilizationBelow;
  const idle = threshold !== undefined && gpuUtilization !== undefined && gpuUtilization.every((util) => util < threshold);
  const { idleSince: _previous, ...rest } = record;
  return idle ? { ...rest, idleSince: record.idleSince ?? new Date(now).toISOString() } : rest;
}
