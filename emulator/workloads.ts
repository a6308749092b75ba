import type { EmulatorContext } from "./context";
import { appendPodLog } from "./pods/appendedLog";
import type { EndpointRecord } from "./store";
import { type HeldWorkerStatus, holdWorker } from "./serverless/workerHealth";
import { appendWorkerLog } from "./serverless/workerLog";

/** What runs in pods and workers, for a test to script: what they print and how their health checks go. */
export interface WorkloadController {
  /** Appends lines to a pod's container log, printed now. Throws when no pod has that id. */
  appendPodLog(podId: string, ...lines: string[]): void;
  /** Appends lines to a worker's container log, printed now. Throws when no endpoint has that id. */
  appendWorkerLog(endpointId: string, workerId: string, ...lines: string[]): void;
  /**
   * Holds a worker in UNHEALTHY or THROTTLED until set back (null). While every standing worker is held, new jobs
   * wait in the queue. Throws when no endpoint has that id.
   */
  setWorkerStatus(endpointId: string, workerId: string, status: HeldWorkerStatus | null): void;
}

export function workloadController(context: EmulatorContext): WorkloadController {
  const endpoint = (id: string): EndpointRecord => {
    const found = context.store.find("endpoints", id);
    if (found === undefined) throw new Error(`No endpoint ${id}`);
    return found;
  };
  return {
    appendPodLog(podId, ...lines) {
      const pod = context.store.findPod(podId);
      if (pod === undefined) throw new Error(`No pod ${podId}`);
      appendPodLog(pod, context.now(), lines);
    },
    appendWorkerLog(endpointId, workerId, ...lines) {
      appendWorkerLog(endpoint(endpointId), workerId, context.now(), lines);
    },
    setWorkerStatus(endpointId, workerId, status) {
      holdWorker(endpoint(endpointId), workerId, status, context.now(), context.options.jobs.queueMs);
    },
  };
}
