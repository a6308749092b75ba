import type { CheckedClusterInputs } from "../schemas/cluster";
import { isPlainObject } from "../schemas/pod";
import type { GpuConfiguration } from "../placement/candidates";
import { gpuComponent } from "./gpuComponent";
import type { Pricing } from "./pricing";

/** A cluster: every member's GPUs (members × GPUs per member) at the type's secure price, as clusters are billed. */
export const clusterPricing: Pricing<CheckedClusterInputs> = {
  priceInputs: ({ compute }) => compute,
  lists: () => ["gpus"],
  components: ({ compute }, prices) => [
    gpuComponent(prices.gpus, compute.gpuTypeId, compute.podCount * compute.gpuCountPerPod, "SECURE", "Cluster GPU"),
  ],
  placed: (inputs, { compute }) =>
    isPlainObject(compute) ? onCandidate(inputs, { id: String(compute.gpuTypeId), count: Number(compute.gpuCountPerPod) }) : inputs,
  onCandidate,
};

function onCandidate(inputs: CheckedClusterInputs, { id, count }: GpuConfiguration): CheckedClusterInputs {
  return { ...inputs, compute: { ...inputs.compute, gpuTypeId: id, gpuCountPerPod: count } };
}
