import { podHourlyPrice } from "../catalog/offers";
import type { Lifecycle } from "../pods/lifecycle";
import type { PodRecord } from "../store";
import { HOUR, overlap, type Span } from "./spans";

/** A pod, standalone or a cluster's member, as billing reads it: when it existed and what it cost in any span of that. */
export interface PodUsage {
  existed: Span;
  /** Its compute within `span`, which lies inside `existed`, in USD. */
  computeWithin(span: Span): number;
}

/**
 * A pod's usage from its creation until `gone`. It is billed at its `cost`, the list price of its GPUs in its cloud
 * or of its vCPUs, while RUNNING (from each boot's RUNNING milestone to its next phase), and nothing otherwise: the
 * spec's `cost` is 0 when EXITED, and its disk is no charge apart (see `data/prices.ts`).
 */
export function podUsage(pod: PodRecord, gone: number, lifecycle: Lifecycle): PodUsage {
  const running = runningSpans(pod, gone, lifecycle);
  const hourlyPrice = podHourlyPrice(pod.compute, pod.cloud);
  return {
    existed: { start: pod.createdAt, end: gone },
    computeWithin: (span) => hourlyPrice * (running.reduce((sum, run) => sum + overlap(run, span), 0) / HOUR),
  };
}

/** When the pod was RUNNING, up to `until`: from each boot's RUNNING milestone to the next phase. */
function runningSpans(pod: PodRecord, until: number, lifecycle: Lifecycle): Span[] {
  if (lifecycle.failsOnStart(pod)) return [];
  return pod.phases.flatMap((phase, index) => {
    if (phase.kind !== "booting") return [];
    const start = lifecycle.milestones(phase).runningAt;
    const end = Math.min(pod.phases[index + 1]?.since ?? until, until);
    return start < end ? [{ start, end }] : [];
  });
}
