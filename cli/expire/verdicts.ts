import type { Pod } from "../../provider/resources/pod/inputs";
import { dueExpiry, type Expiry, nextExpiry } from "../../provider/resources/lifetime/expiry";
import type { LifetimeRecord } from "../../provider/resources/lifetime/expiry";
import { sampledRecord } from "../../provider/resources/lifetime/record";
import type { StatePod } from "./statePods";

/** What one run of `expire` makes of one pod with a lifetime. */
export interface Verdict {
  readonly pod: StatePod;
  /** The record after this run's sample of the pod's GPUs. */
  readonly record: LifetimeRecord;
  /** The stop or terminate that has come; undefined when none has. */
  readonly due?: Expiry;
  /** The next ending, when it comes within the warning window. */
  readonly soon?: Expiry;
  /** Why the pod is left alone though something is due: it is gone from the account, or locked. */
  readonly leftAlone?: string;
  /** What it costs per hour now (USD). */
  readonly hourlyCost: number;
  /** Its status in the account now. */
  readonly status?: Pod["status"];
}

/**
 * The verdict on each pod from one list of the account's pods: its GPUs sampled (a running pod whose every GPU is
 * below the threshold is idle since the first such sample; one at or above it is not idle), then what is due at
 * `now`, and what comes within `warnWithinMs`.
 */
export function verdicts(pods: readonly StatePod[], live: ReadonlyMap<string, Pod>, now: number, warnWithinMs: number): Verdict[] {
  return pods.map((pod) => {
    const current = live.get(pod.id);
    if (current === undefined || current.status === "TERMINATED") {
      return { pod, record: pod.record, leftAlone: "not found in the account", hourlyCost: 0 };
    }
    const utilization = current.status === "RUNNING" ? current.runtime?.gpus?.map((gpu) => gpu.util ?? 0) : undefined;
    const record = sampledRecord(pod.record, utilization, now);
    const due = dueExpiry(record, now);
    const next = nextExpiry(record);
    const soon = due === undefined && next !== undefined && next.at > now && next.at <= now + warnWithinMs ? next : undefined;
    const leftAlone =
      due?.action === "stop" && current.locked && current.status !== "EXITED" ? "locked: the service refuses to stop it" : undefined;
    return {
      pod,
      record,
      hourlyCost: current.cost,
      status: current.status,
      ...(due && { due }),
      ...(soon && { soon }),
      ...(leftAlone && { leftAlone }),
    };
  });
}
