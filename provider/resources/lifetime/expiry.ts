import { durationMs } from "./duration";
import type { LifetimeEnding, LifetimeInputs } from "./inputs";

/** Where a resource stands in its lifetime, as state records it beside its outputs. */
export interface LifetimeRecord {
  /** The lifetime the resource was created, updated or renewed with. */
  lifetime?: LifetimeInputs;
  /** When its lifetime started counting: its creation, or the last change of `lifetime` (ISO 8601). */
  lifetimeSince?: string;
  /** When `stopAfter` started counting: as `lifetimeSince`, or the program's last start of the resource, if later. */
  stopCountsFrom?: string;
  /** Since when every GPU has been seen below `whenIdle.gpuUtilizationBelow`; absent while it is not idle. */
  idleSince?: string;
  /** What the lifetime did to the resource, once it did something. */
  endedBy?: LifetimeEnding;
  /** When the ending that `endedBy` names came (ISO 8601). */
  endedAt?: string;
}

/** A stop or a terminate that a lifetime schedules, and the argument that schedules it. */
export interface Expiry {
  readonly action: LifetimeEnding;
  readonly at: number;
  readonly because: "stopAfter" | "terminateAfter" | "whenIdle";
}

/** Every ending the record schedules, whether or not it has come. */
export function expiries(record: LifetimeRecord): Expiry[] {
  const { lifetime } = record;
  if (lifetime === undefined) return [];
  const found: Expiry[] = [];
  const after = (since: string | undefined, length: string | undefined): number | undefined => {
    const ms = length === undefined ? undefined : durationMs(length);
    return since === undefined || ms === undefined ? undefined : Date.parse(since) + ms;
  };
  const stopAt = after(record.stopCountsFrom ?? record.lifetimeSince, lifetime.stopAfter);
  if (stopAt !== undefined) found.push({ action: "stop", at: stopAt, because: "stopAfter" });
  const terminateAt = after(record.lifetimeSince, lifetime.terminateAfter);
  if (terminateAt !== undefined) found.push({ action: "terminate", at: terminateAt, because: "terminateAfter" });
  const idleAt = after(record.idleSince, lifetime.whenIdle?.for);
  if (idleAt !== undefined) found.push({ action: lifetime.whenIdle?.then ?? "stop", at: idleAt, because: "whenIdle" });
  return found;
}

/**
 * The next ending still to come for a resource in this record: none once it is terminated, and no further stop
 * once it is stopped. The earliest; at the same time, a terminate before a stop.
 */
export function nextExpiry(record: LifetimeRecord): Expiry | undefined {
  if (record.endedBy === "terminate") return undefined;
  return expiries(record)
    .filter((expiry) => !(record.endedBy === "stop" && expiry.action === "stop"))
    .sort((a, b) => a.at - b.at || (a.action === "terminate" ? -1 : 1))[0];
}

/** The ending due at `now` that the record has not yet carried out: a terminate wins over a stop. */
export function dueExpiry(record: LifetimeRecord, now: number): Expiry | undefined {
  if (record.endedBy === "terminate") return undefined;
  const due = expiries(record).filter((expiry) => expiry.at <= now && !(record.endedBy === "stop" && expiry.action === "stop"));
  return due.find((expiry) => expiry.action === "terminate") ?? due.sort((a, b) => a.at - b.at)[0];
}

/** The `lifetimeState` output: `active`, `idle since <time>`, `stopped: lifetime` or `terminated: lifetime`. */
export function lifetimeState(record: LifetimeRecord): string {
  if (record.endedBy === "terminate") return "terminated: lifetime";
  if (record.endedBy === "stop") return "stopped: lifetime";
  return record.idleSince === undefined ? "active" : `idle since ${record.idleSince}`;
}

/** The `expiresAt` output: the time of the next ending still to come (ISO 8601), if any. */
export function expiresAt(record: LifetimeRecord): string | undefined {
  const next = nextExpiry(record);
  return next === undefined ? undefined : new Date(next.at).toISOString();
}
