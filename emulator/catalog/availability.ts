import { type CpuProduct, DATA_CENTER_SITES, type DataCenterSite, type GpuProduct, type GpuType } from "../data/catalog";
import type { GpuStock } from "../data/stock";
import type { StockReader } from "../placement/liveStock";
import type { Cloud } from "../wire";
import { CPU_OFFERS, type CpuOffer, GPU_OFFERS, type GpuOffer } from "./offers";

/** Availability levels, derived from the live idle stock for the configuration asked about. */

export const AVAILABILITY_LEVELS = ["NONE", "LOW", "MEDIUM", "HIGH"] as const;
export type AvailabilityLevel = (typeof AVAILABILITY_LEVELS)[number];

export interface DataCenterAvailability {
  id: string;
  name: string;
  availability: AvailabilityLevel;
}

/** What GPU availability is asked for: the products, and the configuration that has to fit. */
export interface GpuAvailabilityScope {
  products: readonly GpuProduct[];
  cloud: Cloud;
  /** GPUs on one pod, worker or cluster node. */
  count: number;
  /** Countries the data centers must be in; empty for anywhere. */
  countries: readonly string[];
  /** Which of the type's CUDA versions are acceptable. */
  acceptsCuda: (version: string) => boolean;
  /** Whether a CUDA constraint was given; a GPU without CUDA cannot meet one. */
  constrainsCuda: boolean;
}

export interface CpuAvailabilityScope {
  products: readonly CpuProduct[];
  /** vCPUs of the instance; absent for the flavor's smallest. */
  vcpuCount: number | undefined;
}

/** Availability rendered on a GPU type or CPU flavor. */
export interface RenderedAvailability {
  availability: AvailabilityLevel;
  /** Data centers offering the configuration; empty when none does. */
  dataCenters: DataCenterAvailability[];
}

/** Whether any data center carrying the type is in one of the countries (always, when no country is asked). */
export function isCarriedIn(offer: GpuOffer, countries: readonly string[]): boolean {
  return DATA_CENTER_SITES.some((site) => offer.offeredIn[site.dataCenter.id] !== undefined && inCountries(site, countries));
}

/** The GPU type's availability for a scope: each data center offering the configuration, and the best of them. */
export function gpuAvailability(offer: GpuOffer, scope: GpuAvailabilityScope, idle: StockReader): RenderedAvailability {
  if (scope.constrainsCuda && !offer.cudaVersions.some(scope.acceptsCuda)) return unavailable();
  return availabilityAcross((site) => {
    const stock = idle.gpu(offer.type.id, site.dataCenter.id);
    if (stock === undefined || !inCountries(site, scope.countries)) return undefined;
    return bestOf(scope.products.map((product) => gpuSlots(offer.type, stock, product, scope.cloud, scope.count)));
  });
}

/** The CUDA versions in a scope, each available when the configuration has stock somewhere. */
export function cudaVersionsIn(
  offer: GpuOffer,
  scope: GpuAvailabilityScope,
  rendered: RenderedAvailability,
): Array<{ version: string; available: boolean }> {
  if (rendered.dataCenters.length === 0) return [];
  const available = rendered.availability !== "NONE";
  return offer.cudaVersions.filter(scope.acceptsCuda).map((version) => ({ version, available }));
}

export function cpuAvailability(offer: CpuOffer, scope: CpuAvailabilityScope, stock: StockReader): RenderedAvailability {
  const vcpuCount = scope.vcpuCount ?? offer.type.vcpu.min;
  const fits = vcpuCount >= offer.type.vcpu.min && vcpuCount <= offer.type.vcpu.max;
  return availabilityAcross((site) => {
    const idle = stock.cpu(offer.type.id, site.dataCenter.id);
    // Every CPU product runs on the same hosts, so each product sees the same stock.
    return idle === undefined || !fits ? undefined : Math.floor(idle / vcpuCount);
  });
}

/** What a data center offers of each GPU type: a single-GPU pod in whichever cloud has more idle. */
export function gpusAt(dataCenterId: string, idle: StockReader): DataCenterAvailability[] {
  return GPU_OFFERS.flatMap((offer) => {
    const stock = idle.gpu(offer.type.id, dataCenterId);
    if (stock === undefined) return [];
    const slots = bestOf((["SECURE", "COMMUNITY"] as const).map((cloud) => gpuSlots(offer.type, stock, "POD", cloud, 1)));
    return [{ id: offer.type.id, name: offer.type.name, availability: levelOf(slots ?? 0) }];
  });
}

/** What a data center offers of each CPU flavor: its smallest instance. */
export function cpusAt(dataCenterId: string, stock: StockReader): DataCenterAvailability[] {
  return CPU_OFFERS.flatMap((offer) => {
    const idle = stock.cpu(offer.type.id, dataCenterId);
    if (idle === undefined) return [];
    return [{ id: offer.type.id, name: offer.type.name, availability: levelOf(Math.floor(idle / offer.type.vcpu.min)) }];
  });
}

/**
 * How many of the asked configuration a data center can start now, or undefined when it does not offer it:
 * pods and serverless workers draw on the cloud's idle GPUs (serverless only for types in a pool); clusters take
 * whole nodes, in the secure cloud only.
 */
function gpuSlots(type: GpuType, stock: GpuStock, product: GpuProduct, cloud: Cloud, count: number): number | undefined {
  const secure = cloud === "SECURE";
  if (!(secure ? type.secure : type.community)) return undefined;
  if (count > (secure ? type.maxCount.secure : type.maxCount.community)) return undefined;
  switch (product) {
    case "POD":
      return Math.floor((secure ? stock.secure : stock.community) / count);
    case "SERVERLESS":
      return type.pool === null ? undefined : Math.floor((secure ? stock.secure : stock.community) / count);
    case "CLUSTER":
      return secure ? stock.clusterNodes : undefined;
  }
}

/** Availability over the data centers, in catalog order; `slotsAt` is undefined where the configuration is not offered. */
function availabilityAcross(slotsAt: (site: DataCenterSite) => number | undefined): RenderedAvailability {
  const dataCenters = DATA_CENTER_SITES.flatMap((site) => {
    const slots = slotsAt(site);
    if (slots === undefined) return [];
    return [{ id: site.dataCenter.id, name: site.dataCenter.name, availability: levelOf(slots) }];
  });
  const best = Math.max(0, ...dataCenters.map((entry) => AVAILABILITY_LEVELS.indexOf(entry.availability)));
  return { availability: AVAILABILITY_LEVELS[best] ?? "NONE", dataCenters };
}

function unavailable(): RenderedAvailability {
  return { availability: "NONE", dataCenters: [] };
}

function inCountries(site: DataCenterSite, countries: readonly string[]): boolean {
  return countries.length === 0 || countries.includes(site.country);
}

function bestOf(slots: ReadonlyArray<number | undefined>): number | undefined {
  const offered = slots.filter((entry): entry is number => entry !== undefined);
  return offered.length === 0 ? undefined : Math.max(...offered);
}

/** Stock level from how many of the asked configuration could start now. */
function levelOf(slots: number): AvailabilityLevel {
  if (slots >= 8) return "HIGH";
  if (slots >= 3) return "MEDIUM";
  if (slots >= 1) return "LOW";
  return "NONE";
}
