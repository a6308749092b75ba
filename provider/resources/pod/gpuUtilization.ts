import type { Pod } from "./inputs";

/**
 * Each GPU's utilization in percent, as the pod's `runtime` reports it (a GPU that reports none counts as 0);
 * undefined when the runtime reports no GPUs.
 */
export function gpuUtilization(pod: Pod): number[] | undefined {
  return pod.runtime?.gpus?.map((gpu) => gpu.util ?? 0);
}
