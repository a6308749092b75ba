import { CPU_TYPES, type CpuType, DATA_CENTERS, type DataCenter, GPU_CATALOG, type GpuType } from "../data/catalog";
import { GPU_STOCK, type GpuStock } from "../data/stock";
import type { Cloud } from "../wire";

/** What the catalog offers of each GPU type and CPU flavor: the type joined with where it is stocked. */

export interface GpuOffer {
  type: GpuType;
  /** Seed stock per id of each data center carrying the type; what is idle now is the emulator's `LiveStock`. */
  offeredIn: Readonly<Record<string, GpuStock>>;
  /** CUDA versions of the hosts carrying this GPU, newest first; empty for GPUs without CUDA. */
  cudaVersions: string[];
}

export interface CpuOffer {
  type: CpuType;
}

export const GPU_OFFERS: readonly GpuOffer[] = GPU_CATALOG.map((entry) => ({
  ...entry,
  offeredIn: GPU_STOCK[entry.type.id] ?? {},
}));

export const CPU_OFFERS: readonly CpuOffer[] = CPU_TYPES.map((type) => ({ type }));

export function findDataCenter(id: string): DataCenter | undefined {
  return DATA_CENTERS.find((dataCenter) => dataCenter.id === id);
}

export function findGpuOffer(id: string): GpuOffer | undefined {
  return GPU_OFFERS.find((offer) => offer.type.id === id);
}

export function findCpuOffer(id: string): CpuOffer | undefined {
  return CPU_OFFERS.find((offer) => offer.type.id === id);
}

/** List price per hour of a pod's compute: per GPU in its cloud times the count, or per vCPU times the vCPUs. */
export function podHourlyPrice(
  compute: { kind: "gpu"; id: string; count: number } | { kind: "cpu"; id: string; vcpuCount: number },
  cloud: Cloud,
): number {
  let price: number;
  if (compute.kind === "gpu") {
    const gpu = findGpuOffer(compute.id)?.type.price;
    price = (cloud === "SECURE" ? (gpu?.secure ?? 0) : (gpu?.community ?? 0)) * compute.count;
  } else {
    price = (findCpuOffer(compute.id)?.type.price.securePerVcpu ?? 0) * compute.vcpuCount;
  }
  return Math.round(price * 1000) / 1000;
}
