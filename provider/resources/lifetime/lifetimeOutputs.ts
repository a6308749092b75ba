import { stripUndefined } from "../lifecycle/engineProperties";
import { expiresAt, type LifetimeRecord, lifetimeState } from "./expiry";

/** The outputs of a resource with a lifetime: its record, and what users read of it. */
export interface LifetimeOutputs extends LifetimeRecord {
  /** When the resource is next stopped or terminated by its lifetime (ISO 8601); absent when nothing is to come. */
  expiresAt?: string;
  /** `active`, `idle since <time>`, `stopped: lifetime` or `terminated: lifetime`. */
  lifetimeState?: string;
}

const RECORD_KEYS = ["lifetime", "lifetimeSince", "stopCountsFrom", "idleSince", "endedBy", "endedAt"] as const;

/** The lifetime record kept in a resource's recorded outputs. */
export function recordOf(outputs: object): LifetimeRecord {
  const values = outputs as Record<string, unknown>;
  return Object.fromEntries(RECORD_KEYS.filter((key) => values[key] !== undefined).map((key) => [key, values[key]])) as LifetimeRecord;
}

/** The outputs of a record; nothing for a resource without a lifetime. */
export function lifetimeOutputs(record: LifetimeRecord): LifetimeOutputs {
  if (record.lifetime === undefined) return {};
  const next = expiresAt(record);
  return stripUndefined({ ...record, expiresAt: next, lifetimeState: lifetimeState(record) });
}

/** Outputs without a lifetime's, as the kind's own methods take them. */
export function withoutLifetimeOutputs<T extends object>(outputs: T): T {
  const rest = { ...outputs } as Record<string, unknown>;
  for (const key of [...RECORD_KEYS, "expiresAt", "lifetimeState"]) delete rest[key];
  return rest as T;
}
