import type { GpuType } from "../wire/catalog";
import type { Cloud } from "../wire/catalog";

/** The list price of `count` GPUs of one type in one cloud, in USD per hour. */
export function gpuHourlyPrice(gpuType: Pick<GpuType, "price">, count: number, cloud: Cloud): number {
  return (cloud === "COMMUNITY" ? gpuType.price.community : gpuType.price.secure) * count;
}
