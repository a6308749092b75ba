import type { PodTimings } from "../options";
import type { PodPhase, PodRecord } from "../store";
import type { PodStatus } from "../wire";

/** A pod's state at one instant, derived from its phases and the clock. */
export interface Observation {
  status: PodStatus;
  /** When the container became RUNNING in the current run; null unless the pod is RUNNING. */
  runningSince: number | null;
  /** Whether the pod holds a machine (it keeps the same one while stopped). */
  hasMachine: boolean;
}

type BootingPhase = Extract<PodPhase, { kind: "booting" }>;

/** When a booting phase turns STARTING and then RUNNING (or ERROR). */
export interface BootMilestones {
  startingAt: number;
  runningAt: number;
}

/** Pod status as a function of time: nothing is scheduled, every read derives the status from timestamps. */
export class Lifecycle {
  constructor(
    private readonly timings: Required<PodTimings>,
    private readonly failPodsNamed: RegExp | null,
  ) {}

  milestones(phase: BootingPhase): BootMilestones {
    const startingAt = phase.since + (phase.provisioning ? this.timings.provisioningMs : 0);
    return { startingAt, runningAt: startingAt + this.timings.startingMs };
  }

  /** Whether the pod's container fails at the moment it would become RUNNING. */
  failsOnStart(pod: PodRecord): boolean {
    return this.failPodsNamed?.test(pod.name) ?? false;
  }

  observe(pod: PodRecord, now: number): Observation {
    const phase = currentPhase(pod);
    switch (phase.kind) {
      case "exited":
        return { status: "EXITED", runningSince: null, hasMachine: pod.machineAssigned };
      case "failed":
        return { status: "ERROR", runningSince: null, hasMachine: pod.machineAssigned };
      case "booting": {
        const { startingAt, runningAt } = this.milestones(phase);
        if (now < startingAt) return { status: "PROVISIONING", runningSince: null, hasMachine: pod.machineAssigned };
        if (now < runningAt) return { status: "STARTING", runningSince: null, hasMachine: true };
        if (this.failsOnStart(pod)) return { status: "ERROR", runningSince: null, hasMachine: true };
        return { status: "RUNNING", runningSince: runningAt, hasMachine: true };
      }
    }
  }

  /** Boots a stopped or failed pod; one that never got its machine provisions again. */
  start(pod: PodRecord, now: number): void {
    this.enter(pod, { kind: "booting", since: now, provisioning: !this.observe(pod, now).hasMachine }, now);
  }

  /** Restarts the container in place: STARTING, then RUNNING. */
  restart(pod: PodRecord, now: number): void {
    this.enter(pod, { kind: "booting", since: now, provisioning: false }, now);
  }

  stop(pod: PodRecord, now: number): void {
    this.enter(pod, { kind: "exited", since: now }, now);
  }

  fail(pod: PodRecord, now: number): void {
    this.enter(pod, { kind: "failed", since: now }, now);
  }

  private enter(pod: PodRecord, phase: PodPhase, now: number): void {
    pod.machineAssigned = this.observe(pod, now).hasMachine;
    pod.phases.push(phase);
  }
}

function currentPhase(pod: PodRecord): PodPhase {
  const phase = pod.phases[pod.phases.length - 1];
  if (phase === undefined) throw new Error(`Pod ${pod.id} has no phase`);
  return phase;
}
