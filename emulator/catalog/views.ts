import type { DataCenter } from "../data/catalog";
import {
  type CpuAvailabilityScope,
  cpuAvailability,
  cpusAt,
  cudaVersionsIn,
  type GpuAvailabilityScope,
  gpuAvailability,
  gpusAt,
  type RenderedAvailability,
} from "./availability";
import type { StockReader } from "../placement/liveStock";
import type { CpuOffer, GpuOffer } from "./offers";

/** How the catalog operations answer: a type or flavor with availability when asked for, a data center with what it offers. */

export function renderGpu(offer: GpuOffer, scope: GpuAvailabilityScope | undefined, stock: StockReader) {
  if (scope === undefined) return { ...offer.type };
  const rendered = gpuAvailability(offer, scope, stock);
  const cudaVersions = cudaVersionsIn(offer, scope, rendered);
  return { ...offer.type, ...withAvailability(rendered), ...(cudaVersions.length > 0 ? { cudaVersions } : {}) };
}

export function renderCpu(offer: CpuOffer, scope: CpuAvailabilityScope | undefined, stock: StockReader) {
  return scope === undefined ? { ...offer.type } : { ...offer.type, ...withAvailability(cpuAvailability(offer, scope, stock)) };
}

/** `dataCenters` is omitted, not empty, when no data center offers the configuration. */
function withAvailability(rendered: RenderedAvailability) {
  const { availability, dataCenters } = rendered;
  return dataCenters.length > 0 ? { availability, dataCenters } : { availability };
}

export function renderDataCenter(dataCenter: DataCenter, include: readonly string[], stock: StockReader) {
  const gpuAvailability = include.includes("GPU_AVAILABILITY") ? gpusAt(dataCenter.id, stock) : [];
  const cpuAvailability = include.includes("CPU_AVAILABILITY") ? cpusAt(dataCenter.id, stock) : [];
  return {
    ...dataCenter,
    ...(gpuAvailability.length > 0 ? { gpuAvailability } : {}),
    ...(cpuAvailability.length > 0 ? { cpuAvailability } : {}),
  };
}
