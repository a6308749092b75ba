import type { CheckedClusterInputs, ClusterInputs } from "./inputs";
import type { Placement } from "../lifecycle/declaration";

/** A cluster with `placement` is created on the first acceptable configuration of its members with capacity: whole nodes in the secure cloud, priced for every member. */
export const memberPlacement: Placement<CheckedClusterInputs> = {
  scope: (inputs) =>
    inputs.placement === undefined
      ? undefined
      : {
          what: `cluster "${inputs.name}"`,
          product: "CLUSTER",
          cloud: "SECURE",
          gpu: requestedGpu(inputs.compute),
          placement: inputs.placement,
          acceptableDataCenters: inputs.dataCenterIds,
          instances: inputs.compute.podCount,
          maxHourlyPrice: inputs.maxHourlyPrice,
        },
  onCandidate: (inputs, { id, count }) => ({
    ...inputs,
    placement: undefined,
    compute: { ...inputs.compute, gpuTypeId: id, gpuCountPerPod: count },
  }),
};

/** A cluster's compute as a GPU configuration of each member. */
export function requestedGpu(compute: Pick<ClusterInputs["compute"], "gpuTypeId" | "gpuCountPerPod">): { id: string; count: number } {
  return { id: compute.gpuTypeId, count: compute.gpuCountPerPod };
}
