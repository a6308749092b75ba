import type { Demand, LiveStock } from "../placement/liveStock";
import type { PodRecord } from "../store";

/** What a pod holds of the idle stock in its data center: a cluster node for a member, else its GPUs or vCPUs. */
export function podDemand(pod: Pick<PodRecord, "compute" | "cloud" | "membership">): Demand {
  const { compute, cloud } = pod;
  if (compute.kind === "cpu") return { pool: "cpu", typeId: compute.id, cloud, count: compute.vcpuCount };
  if (pod.membership !== null) return { pool: "clusterNode", typeId: compute.id, cloud, count: 1 };
  return { pool: "gpu", typeId: compute.id, cloud, count: compute.count };
}

/** Takes the pod's stock back for a start, unless it still holds it (a failed pod keeps its machine). */
export function retakeStock(stock: LiveStock, pod: PodRecord): void {
  if (!holdsStock(pod)) stock.take(podDemand(pod), pod.dataCenterId);
}

/** Gives the pod's stock back, when it is stopped or terminated, unless it was already given back. */
export function releaseStock(stock: LiveStock, pod: PodRecord): void {
  if (holdsStock(pod)) stock.giveBack(podDemand(pod), pod.dataCenterId);
}

/** A pod holds its stock from create until it is stopped (EXITED) or terminated. */
function holdsStock(pod: PodRecord): boolean {
  return pod.phases[pod.phases.length - 1]?.kind !== "exited";
}
