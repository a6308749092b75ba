import { z } from "zod";
import type { CrossFieldRule } from "../lifecycle/crossFieldRules";
import { duration, durationMs } from "./duration";

/** What happens to a resource when its lifetime ends: `stop` keeps its container disk and ends GPU billing. */
export const lifetimeEndings = ["stop", "terminate"] as const;
export type LifetimeEnding = (typeof lifetimeEndings)[number];

/** Stop or terminate the resource when every GPU of it has stayed below a utilization threshold for a while. */
export interface WhenIdleInputs {
  /**
   * The utilization, in percent, that every GPU must stay below for the resource to count as idle. 1 to 100.
   * @minimum 1
   * @maximum 100
   * @example 5
   */
  gpuUtilizationBelow: number;
  /**
   * How long the resource must stay idle: a whole number of minutes, hours or days (`"30m"`, `"2h"`, `"1d"`).
   * `computeplatform expire` samples utilization once a run, so this must be at least twice its schedule's period.
   * @pattern ^[1-9][0-9]{0,5}[mhd]$
   * @example "30m"
   */
  for: string;
  /**
   * What to do once idle that long: `stop` (the default) or `terminate`.
   * @default "stop"
   */
  then?: LifetimeEnding;
}

/**
 * How long the resource lives: durations count from its creation and from the last change of `lifetime` (changing
 * it renews it), and `stopAfter` also from each start the program makes. `computeplatform expire`, run on a
 * schedule, stops or terminates what is past its lifetime; `preview` and `up` do not start a pod past `stopAfter`,
 * and `up` terminates one past `terminateAfter` and does not create it again until `lifetime` changes.
 * @example { stopAfter: "8h", terminateAfter: "3d", whenIdle: { gpuUtilizationBelow: 5, for: "30m", then: "stop" } }
 */
export interface LifetimeInputs {
  /**
   * After how long the resource is stopped (its container disk kept, GPU billing ended): a whole number of minutes,
   * hours or days. Never stopped by its lifetime when not set.
   * @pattern ^[1-9][0-9]{0,5}[mhd]$
   * @example "8h"
   */
  stopAfter?: string;
  /**
   * After how long the resource is terminated, which deletes it; longer than `stopAfter` when both are set.
   * Never terminated by its lifetime when not set.
   * @pattern ^[1-9][0-9]{0,5}[mhd]$
   * @example "3d"
   */
  terminateAfter?: string;
  /** Stop or terminate the resource once its GPUs have sat idle. Never for idleness when not set. */
  whenIdle?: WhenIdleInputs;
}

export const lifetimeInputs = z.strictObject({
  stopAfter: duration.optional(),
  terminateAfter: duration.optional(),
  whenIdle: z
    .strictObject({
      gpuUtilizationBelow: z.number().min(1).max(100),
      for: duration,
      then: z.enum(lifetimeEndings).optional(),
    })
    .optional(),
});

// Compile-time proof that the validator and the documented argument type agree.
const lifetimeInputsMatch: z.ZodType<LifetimeInputs, LifetimeInputs> = lifetimeInputs;
void lifetimeInputsMatch;

/** A pod or a cluster is terminated after it is stopped, not before: `terminateAfter` is longer than `stopAfter`. */
export const terminateAfterStop: CrossFieldRule<{ lifetime?: LifetimeInputs }> = ({ lifetime }, fail) => {
  const stop = typeof lifetime?.stopAfter === "string" ? durationMs(lifetime.stopAfter) : undefined;
  const terminate = typeof lifetime?.terminateAfter === "string" ? durationMs(lifetime.terminateAfter) : undefined;
  if (stop !== undefined && terminate !== undefined && terminate <= stop) {
    fail(
      ["lifetime", "terminateAfter"],
      `"${lifetime?.terminateAfter}" ends the resource before its stopAfter of "${lifetime?.stopAfter}": make it longer, or drop stopAfter`,
    );
  }
};
