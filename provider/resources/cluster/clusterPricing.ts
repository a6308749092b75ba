import type { CheckedClusterInputs } from "./inputs";
import { isPlainObject } from "../../values/plainValues";
import { memberPlacement } from "./memberPlacement";
import { gpuComponent } from "../../cost/gpuComponent";
import type { Pricing } from "../../cost/pricing";

/** A cluster: every member's GPUs (members × GPUs per member) at the type's secure price, as clusters are billed. */
export const clusterPricing: Pricing<CheckedClusterInputs> = {
  priceInputs: ({ compute }) => compute,
  lists: () => ["gpus"],
  components: ({ compute }, prices) => [
    gpuComponent(prices.gpus, compute.gpuTypeId, compute.podCount * compute.gpuCountPerPod, "SECURE", "Cluster GPU"),
  ],
  placed: (inputs, { compute }) =>
    isPlainObject(compute)
      ? memberPlacement.onCandidate(inputs, { id: String(compute.gpuTypeId), count: Number(compute.gpuCountPerPod) })
      : inputs,
  onCandidate: memberPlacement.onCandidate,
};
