import { Problem } from "../http/problem";
import type { PodAction, PodStatus } from "../wire";

/**
 * Which action is valid in which status. The spec leaves transitions open; this table follows the public API the
 * emulator stands in for:
 *
 *   PROVISIONING  stop, terminate
 *   STARTING      stop, terminate
 *   RUNNING       stop, restart, terminate
 *   EXITED        start, terminate
 *   ERROR         start, terminate
 *   TERMINATED    (none)
 *
 * Effects: start → STARTING → RUNNING on the same machine (through PROVISIONING first if the pod was stopped before
 * it got one); stop → EXITED; restart → STARTING → RUNNING; terminate → TERMINATED, and the pod is gone.
 * A locked pod refuses stop and restart. Any other action answers 409.
 */
export const ACTIONS_BY_STATUS: Readonly<Record<PodStatus, readonly PodAction[]>> = {
  PROVISIONING: ["stop", "terminate"],
  STARTING: ["stop", "terminate"],
  RUNNING: ["stop", "restart", "terminate"],
  EXITED: ["start", "terminate"],
  ERROR: ["start", "terminate"],
  TERMINATED: [],
};

/** Refuses, with 409, an action the pod's status does not allow or that its lock forbids. */
export function checkAction(podId: string, status: PodStatus, action: PodAction, locked: boolean): void {
  const allowed = ACTIONS_BY_STATUS[status];
  if (!allowed.includes(action)) {
    throw new Problem(409, `Cannot ${action} pod ${podId} while it is ${status}; valid actions: ${allowed.join(", ") || "none"}`);
  }
  if (locked && (action === "stop" || action === "restart")) {
    throw new Problem(409, `Pod ${podId} is locked; unlock it before you ${action} it`);
  }
}
