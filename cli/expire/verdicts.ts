import type { Pod } from "../../provider/resources/pod/inputs";
import type { Observed } from "../../provider/resources/lifetime/endings";
import { dueExpiry, type Expiry, nextExpiry } from "../../provider/resources/lifetime/expiry";
import type { LifetimeRecord } from "../../provider/resources/lifetime/expiry";
import { sampledRecord } from "../../provider/resources/lifetime/record";
import type { StateLifetime } from "./stateLifetimes";

/** What one run of `expire` makes of one resource with a lifetime. */
export interface Verdict {
  readonly resource: StateLifetime;
  /** The record after this run's sample of the resource's GPUs. */
  readonly record: LifetimeRecord;
  /** The stop or terminate that has come; undefined when none has. */
  readonly due?: Expiry;
  /** The next ending, when it comes within the warning window. */
  readonly soon?: Expiry;
  /** Why the resource is left alone though something is due: it is gone from the account, or locked. */
  readonly leftAlone?: string;
  /** What it costs per hour now (USD). */
  readonly hourlyCost: number;
  /** What the list of pods saw of it; undefined when it is gone. */
  readonly observed?: Observed;
}

/**
 * The verdict on each resource from one list of the account's pods, cluster members included: its GPUs sampled (a
 * running resource whose every GPU is below the threshold is idle since the first such sample; one at or above it
 * is not idle), then what is due at `now`, and what comes within `warnWithinMs`.
 */
export function verdicts(resources: readonly StateLifetime[], pods: readonly Pod[], now: number, warnWithinMs: number): Verdict[] {
  return resources.map((resource) => {
    const observed = resource.endings.observe(pods, resource.id);
    if (observed === undefined) return { resource, record: resource.record, leftAlone: "not found in the account", hourlyCost: 0 };
    const record = sampledRecord(resource.record, observed.gpuUtilization, now);
    const due = dueExpiry(record, now);
    const next = nextExpiry(record);
    const soon = due === undefined && next !== undefined && next.at > now && next.at <= now + warnWithinMs ? next : undefined;
    const leftAlone = due === undefined ? undefined : observed.refuses?.(due.action);
    return {
      resource,
      record,
      hourlyCost: observed.hourlyCost,
      observed,
      ...(due && { due }),
      ...(soon && { soon }),
      ...(leftAlone && { leftAlone }),
    };
  });
}
