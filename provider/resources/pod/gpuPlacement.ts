import type { CheckedPodInputs } from "./inputs";
import type { Placement } from "../lifecycle/declaration";

/**
 * A GPU pod with `placement` is created on the first acceptable configuration with capacity: `gpu`, or one of the
 * alternatives, screened by its cloud, data centers and price cap.
 */
export const gpuPlacement: Placement<CheckedPodInputs> = {
  scope: (inputs) =>
    inputs.placement === undefined || inputs.gpu === undefined
      ? undefined
      : {
          what: `pod "${inputs.name}"`,
          product: "POD",
          cloud: inputs.cloud,
          gpu: inputs.gpu,
          placement: inputs.placement,
          acceptableDataCenters: inputs.dataCenterIds,
          maxHourlyPrice: inputs.maxHourlyPrice,
        },
  onCandidate: (inputs, { id, count }) =>
    inputs.gpu === undefined ? inputs : { ...inputs, placement: undefined, gpu: { ...inputs.gpu, id, count } },
};
