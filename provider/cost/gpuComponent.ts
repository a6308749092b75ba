import type { GpuType } from "../wire/catalog";
import type { Cloud } from "../wire/catalog";
import type { CostComponent } from "./costComponent";
import { gpuHourlyPrice } from "./gpuHourlyPrice";
import { pricedComponent, unpricedComponent } from "./pricedComponent";

/** `count` GPUs of a type standing in a cloud, at its catalog price there; `what` names them, e.g. `GPU` or `Cluster GPU`. */
export function gpuComponent(gpus: readonly GpuType[] | undefined, id: string, count: number, cloud: Cloud, what = "GPU"): CostComponent {
  const cloudName = cloud.toLowerCase();
  const name = `${what} (${id}, ${cloudName} cloud)`;
  const gpuType = gpus?.find((type) => type.id === id);
  if (gpuType === undefined) return unpricedComponent({ name, unit: "GPU-hours", source: `catalog: no GPU type ${id}` }, count);
  return pricedComponent(
    { name, unit: "GPU-hours", source: `catalog: ${id} ${cloudName} price` },
    count,
    gpuHourlyPrice(gpuType, 1, cloud),
  );
}
