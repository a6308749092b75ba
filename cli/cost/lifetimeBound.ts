import { nextExpiry } from "../../provider/resources/lifetime/expiry";
import type { LifetimeInputs } from "../../provider/resources/lifetime/inputs";
import { lifetimeOutputs, recordOf } from "../../provider/resources/lifetime/lifetimeOutputs";
import { freshRecord, renews } from "../../provider/resources/lifetime/record";

/** How long a resource can still run before its lifetime stops or terminates it. */
export interface LifetimeBound {
  hours: number;
  ending: "stop" | "terminate";
}

/**
 * The hours a resource can still run, from its lifetime after the plan (`after`, its checked arguments) and its
 * record in state (`before`): counted from `now` for a new or renewed lifetime, else from its recorded start.
 * Undefined without a time bound: no lifetime, or only `whenIdle`, or one that has already ended.
 */
export function lifetimeBound(
  after: Record<string, unknown> | undefined,
  before: Record<string, unknown> | undefined,
  now: number,
): LifetimeBound | undefined {
  const lifetime = after?.lifetime as LifetimeInputs | undefined;
  if (lifetime === undefined || typeof lifetime !== "object") return undefined;
  const recorded = recordOf(before ?? {});
  const record = before === undefined || renews(recorded, lifetime) ? freshRecord(lifetime, now) : recorded;
  const next = nextExpiry(record);
  if (next === undefined || next.at <= now || lifetimeOutputs(record).expiresAt === undefined) return undefined;
  return { hours: (next.at - now) / 3_600_000, ending: next.action };
}
