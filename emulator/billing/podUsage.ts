import { podHourlyPrice } from "../catalog/offers";
import { STORAGE_PRICE } from "../data/prices";
import type { Lifecycle } from "../pods/lifecycle";
import type { PodRecord } from "../store";
import { HOURS_PER_MONTH } from "./billedResource";
import { HOUR, overlap, type Span } from "./spans";

/** What a pod used within a span of its life, in USD, and how many hours of it it ran. */
export interface PodUse {
  runningHours: number;
  /** Its compute at the pod's hourly list price while RUNNING. */
  compute: number;
  /** Container disk and persistent volume while it runs; the persistent volume alone, at the idle rate, otherwise. */
  disk: number;
}

/** A pod, standalone or a cluster's member, as billing reads it: when it existed and what it used in any span of that. */
export interface PodUsage {
  existed: Span;
  /** Use within `span`, which lies inside `existed`. */
  within(span: Span): PodUse;
}

/** A pod's usage from its creation until `gone`: it runs from each boot's RUNNING milestone to its next phase. */
export function podUsage(pod: PodRecord, gone: number, lifecycle: Lifecycle): PodUsage {
  const running = runningSpans(pod, gone, lifecycle);
  const hourlyPrice = podHourlyPrice(pod.compute, pod.cloud);
  const volumeGb = pod.mounts.persistent?.size ?? 0;
  return {
    existed: { start: pod.createdAt, end: gone },
    within(span) {
      const runningHours = running.reduce((sum, run) => sum + overlap(run, span), 0) / HOUR;
      const idleHours = (span.end - span.start) / HOUR - runningHours;
      const diskGbMonths =
        ((pod.disk + volumeGb) * STORAGE_PRICE.podDiskRunning * runningHours + volumeGb * STORAGE_PRICE.podVolumeIdle * idleHours) /
        HOURS_PER_MONTH;
      return { runningHours, compute: hourlyPrice * runningHours, disk: diskGbMonths };
    },
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
