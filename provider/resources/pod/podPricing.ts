import { type CheckedPodInputs } from "./inputs";
import { isPlainObject } from "../../values/plainValues";
import { gpuPlacement } from "./gpuPlacement";
import { gpuComponent } from "../../cost/gpuComponent";
import type { Pricing } from "../../cost/pricing";
import { vcpuComponent } from "../../cost/vcpuComponent";

/** A pod: its GPUs at the price of its cloud, or its vCPUs at the flavor's price per vCPU. */
export const podPricing: Pricing<CheckedPodInputs> = {
  priceInputs: ({ gpu, cpu, cloud }) => ({ gpu, cpu, cloud }),
  lists: ({ gpu }) => [gpu === undefined ? "cpus" : "gpus"],
  components: ({ gpu, cpu, cloud }, prices) =>
    gpu !== undefined
      ? [gpuComponent(prices.gpus, gpu.id, gpu.count, cloud)]
      : cpu !== undefined
        ? [vcpuComponent(prices.cpus, cpu.id, cpu.vcpuCount, "secure")]
        : [],
  placed: (inputs, { gpu }) =>
    isPlainObject(gpu) ? gpuPlacement.onCandidate(inputs, { id: String(gpu.id), count: Number(gpu.count) }) : inputs,
  onCandidate: gpuPlacement.onCandidate,
};
