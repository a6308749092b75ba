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

/** A cluster's `whenIdle`: the API cannot stop a cluster, so idleness terminates it. */
export interface ClusterWhenIdleInputs extends Omit<WhenIdleInputs, "then"> {
  /** What to do once idle that long: `terminate`, which deletes the cluster (the API has no stop for a cluster). */
  then: "terminate";
}

/**
 * How long the cluster lives: durations count from its creation and from the last change of `lifetime` (changing
 * it renews it). `computeplatform expire`, run on a schedule, deletes a cluster past its lifetime, and `up` does not
 * create it again until `lifetime` changes. The API has no stop for a cluster, so its lifetime only terminates it:
 * `stopAfter`, and `whenIdle.then: "stop"`, are refused.
 * @example { terminateAfter: "3d", whenIdle: { gpuUtilizationBelow: 5, for: "2h", then: "terminate" } }
 */
export interface ClusterLifetimeInputs {
  /**
   * After how long the cluster is terminated, which deletes it with its members: a whole number of minutes, hours
   * or days. Never terminated by its lifetime when not set.
   * @pattern ^[1-9][0-9]{0,5}[mhd]$
   * @example "3d"
   */
  terminateAfter?: string;
  /** Terminate the cluster once every GPU of every member has sat idle. Never for idleness when not set. */
  whenIdle?: ClusterWhenIdleInputs;
}

const whenIdleFields = { gpuUtilizationBelow: z.number().min(1).max(100), for: duration };

export const lifetimeInputs = z.strictObject({
  stopAfter: duration.optional(),
  terminateAfter: duration.optional(),
  whenIdle: z.strictObject({ ...whenIdleFields, then: z.enum(lifetimeEndings).optional() }).optional(),
});

/** Why a cluster's lifetime cannot stop it, as `check` reports it. */
const CLUSTER_CANNOT_STOP = "a cluster cannot be stopped (the API has no stop for a cluster, only delete)";

export const clusterLifetimeInputs = z.strictObject({
  // Named, to say why, rather than refused as an unknown property.
  stopAfter: z.never({ error: `${CLUSTER_CANNOT_STOP}: use terminateAfter` }).optional(),
  terminateAfter: duration.optional(),
  whenIdle: z
    .strictObject({ ...whenIdleFields, then: z.literal("terminate", { error: `${CLUSTER_CANNOT_STOP}: use then: "terminate"` }) })
    .optional(),
});

// Compile-time proof that the validators and the documented argument types agree.
const lifetimeInputsMatch: z.ZodType<LifetimeInputs, LifetimeInputs> = lifetimeInputs;
const clusterLifetimeInputsMatch: z.ZodType<ClusterLifetimeInputs, ClusterLifetimeInputs> = clusterLifetimeInputs;
void lifetimeInputsMatch;
void clusterLifetimeInputsMatch;

/** A pod is terminated after it is stopped, not before: `terminateAfter` is longer than `stopAfter`. */
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
