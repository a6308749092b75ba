import { type CheckedPodInputs, isPlainObject } from "../schemas/pod";
import type { GpuConfiguration } from "../placement/candidates";
import { gpuComponent } from "./gpuComponent";
import type { Pricing } from "./pricing";
import { vcpuComponent } from "./vcpuComponent";

/** A pod: its GPUs at the price of its cloud, or its vCPUs at the flavor's price per vCPU. */
export const podPricing: Pricing<CheckedPodInputs> = {
  priceInputs: ({ gpu, cpu, cloud }) => ({ gpu, cpu, cloud }),
  lists: ({ gpu }) => [gpu === undefined ? "cpus" : "gpus"],
  components: ({ gpu, cpu, cloud }, prices) =>
    gpu !== undefined
      ? [gpuComponent(prices.gpus, gpu.id, gpu.count ?? 1, cloud)]
      : cpu !== undefined
        ? [vcpuComponent(prices.cpus, cpu.id, cpu.vcpuCount, "secure")]
        : [],
  placed: (inputs, { gpu }) => (isPlainObject(gpu) ? onCandidate(inputs, { id: String(gpu.id), count: Number(gpu.count) }) : inputs),
  onCandidate,
};

function onCandidate(inputs: CheckedPodInputs, { id, count }: GpuConfiguration): CheckedPodInputs {
  return inputs.gpu === undefined ? inputs : { ...inputs, gpu: { ...inputs.gpu, id, count } };
}
