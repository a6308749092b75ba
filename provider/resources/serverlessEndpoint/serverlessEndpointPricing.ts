import type { GpuType } from "../../wire/catalog";
import type { CheckedServerlessEndpointInputs, EndpointGpuInputs } from "./inputs";
import type { CostComponent } from "../../cost/costComponent";
import { pricedComponent, unpricedComponent, usageComponent } from "../../cost/pricedComponent";
import type { Pricing } from "../../cost/pricing";
import { vcpuComponent } from "../../cost/vcpuComponent";

const SECONDS_PER_HOUR = 3600;

/**
 * A serverless endpoint: its standing workers (`workers.min`, which run even when idle) at the serverless price of
 * what a worker runs on, and the workers that requests scale up beyond them, priced by use with no usage estimate.
 * A GPU worker runs on the first GPU type of the catalog in one of its pools and not excluded, as it is placed; a
 * CPU worker on its first eligible configuration.
 */
export const serverlessEndpointPricing: Pricing<CheckedServerlessEndpointInputs> = {
  priceInputs: ({ gpu, cpu, workers }) => ({ gpu, cpu, workers }),
  lists: ({ gpu }) => [gpu === undefined ? "cpus" : "gpus"],
  components: ({ gpu, cpu, workers }, prices) => {
    const standing = workers.min;
    if (gpu !== undefined) return gpuWorkerComponents(placedType(prices.gpus, gpu), gpu, standing);
    const config = cpu?.[0];
    if (config === undefined) return [];
    const standingVcpus = vcpuComponent(prices.cpus, config.id, standing * config.vcpuCount, "serverless", "Standing workers' vCPUs");
    return [standingVcpus, requestsComponent(config.vcpuCount * standingVcpus.price, standingVcpus.source, standingVcpus.priceNotFound)];
  },
};

/** The GPU type a worker is placed on: the catalog's first in one of the pools and not excluded. */
function placedType(gpus: readonly GpuType[] | undefined, gpu: EndpointGpuInputs): GpuType | undefined {
  const excluded = gpu.excludedTypes ?? [];
  return gpus?.find((type) => type.pool !== null && gpu.pools.includes(type.pool) && !excluded.includes(type.id));
}

function gpuWorkerComponents(
  type: GpuType | undefined,
  gpu: NonNullable<CheckedServerlessEndpointInputs["gpu"]>,
  standing: number,
): CostComponent[] {
  const { count } = gpu;
  const price = type?.price.serverless;
  if (type === undefined || price === undefined) {
    const label = {
      name: `Standing workers' GPUs (pools ${gpu.pools.join(", ")}, serverless)`,
      unit: "GPU-hours",
      source: `catalog: no serverless price in pools ${gpu.pools.join(", ")}`,
    };
    return [unpricedComponent(label, standing * count), requestsComponent(0, label.source, true)];
  }
  const source = `catalog: ${type.id} serverless price (pool ${type.pool})`;
  return [
    pricedComponent({ name: `Standing workers' GPUs (${type.id}, serverless)`, unit: "GPU-hours", source }, standing * count, price),
    requestsComponent(count * price, source, false),
  ];
}

/** The workers requests scale up beyond the standing ones, priced per worker-second of a worker costing `workerHourly`. */
function requestsComponent(workerHourly: number, source: string, priceNotFound: boolean): CostComponent {
  const label = { name: "Workers scaled up by requests", unit: "worker-seconds", source };
  return { ...usageComponent(label, workerHourly / SECONDS_PER_HOUR), priceNotFound };
}
