import type { KeptLine, LogSource } from "../http/logStream";
import type { Lifecycle } from "./lifecycle";
import type { PodRecord } from "../store";
import { appendedLines } from "./appendedLog";

const HEARTBEAT_MS = 60_000;

/**
 * The pod's log up to `now`, derived from its phases like its status is, so lines only ever get appended while
 * time moves forward and their ids stay stable.
 */
export function podLog(pod: PodRecord, lifecycle: Lifecycle, now: number): KeptLine[] {
  const lines: KeptLine[] = [];
  pod.phases.forEach((phase, index) => {
    const end = pod.phases[index + 1]?.since ?? now;
    const add = (timestamp: number, source: LogSource, line: string): boolean => {
      if (timestamp > end) return false;
      lines.push({ id: lines.length + 1, timestamp, source, line });
      return true;
    };
    switch (phase.kind) {
      case "exited":
        add(phase.since, "system", "Container stopped");
        return;
      case "failed":
        add(phase.since, "system", "Container crashed; the pod is in an unrecoverable error state");
        return;
      case "booting": {
        const { startingAt, runningAt } = lifecycle.milestones(phase);
        if (phase.provisioning) {
          add(phase.since, "system", `Scheduled on a ${describeCompute(pod)} host in ${pod.dataCenterId}`);
          add(phase.since, "system", `Pulling image ${pod.image}`);
          add(startingAt, "system", `Image ${pod.image} pulled`);
        }
        add(startingAt, "system", "Starting container");
        if (lifecycle.failsOnStart(pod)) {
          add(runningAt, "system", "Container exited with code 1; the pod is in an unrecoverable error state");
          return;
        }
        if (!add(runningAt, "system", "Container is running")) return;
        add(runningAt, "container", `Starting ${pod.image}${pod.args === "" ? "" : ` ${pod.args}`}`);
        for (const port of pod.ports) add(runningAt, "container", `Listening on ${port}`);
        for (let minute = 1; add(runningAt + minute * HEARTBEAT_MS, "container", `Up ${minute} min`); minute++);
        return;
      }
    }
  });
  // Appended lines merge in by time, after derived lines of the same instant: an id once sent keeps its line.
  const merged = [...lines, ...appendedLines(pod, now)].sort((a, b) => a.timestamp - b.timestamp);
  return merged.map((line, index) => ({ ...line, id: index + 1 }));
}

function describeCompute(pod: PodRecord): string {
  const compute = pod.compute;
  return compute.kind === "gpu" ? `${compute.count} x ${compute.id}` : `${compute.vcpuCount} vCPU ${compute.id}`;
}
