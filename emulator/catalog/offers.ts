import type { Cloud, VolumeType } from "../wire";

/**
 * The emulator's fixed catalog: GPU types, CPU flavors and data centers, with list prices and the idle stock each
 * data center holds right now. Availability levels are derived from that stock for the configuration asked about.
 */

export const AVAILABILITY_LEVELS = ["NONE", "LOW", "MEDIUM", "HIGH"] as const;
export type AvailabilityLevel = (typeof AVAILABILITY_LEVELS)[number];

export const DATA_CENTER_REGIONS = [
  "NORTH_AMERICA",
  "SOUTH_AMERICA",
  "EUROPE",
  "ASIA",
  "MIDDLE_EAST",
  "AFRICA",
  "OCEANIA",
  "ANTARCTICA",
  "UNKNOWN",
] as const;
export type DataCenterRegion = (typeof DATA_CENTER_REGIONS)[number];

export const COMPLIANCE_CERTIFICATIONS = [
  "GDPR",
  "ISO_IEC_27001",
  "ISO_14001",
  "PCI_DSS",
  "HITRUST",
  "SOC_1_TYPE_2",
  "SOC_2_TYPE_2",
  "SOC_3_TYPE_2",
  "ITAR",
  "FISMA_HIGH",
  "HIPAA",
  "RENEWABLE",
] as const;
export type Compliance = (typeof COMPLIANCE_CERTIFICATIONS)[number];

export const GPU_PRODUCTS = ["POD", "CLUSTER", "SERVERLESS"] as const;
export type GpuProduct = (typeof GPU_PRODUCTS)[number];
export const CPU_PRODUCTS = ["POD", "SERVERLESS"] as const;
export type CpuProduct = (typeof CPU_PRODUCTS)[number];

export interface DataCenterAvailability {
  id: string;
  name: string;
  availability: AvailabilityLevel;
}

/** A data center as the API renders it. */
export interface DataCenter {
  id: string;
  name: string;
  region: DataCenterRegion;
  globalNetwork: boolean;
  networkVolumeTypes: VolumeType[];
  compliance: Compliance[];
}

/** A data center and where it is; the country scopes availability (`countryCodes`) and is not rendered. */
export interface DataCenterSite {
  dataCenter: DataCenter;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface GpuType {
  id: string;
  name: string;
  pool: string | null;
  manufacturer: "NVIDIA" | "AMD";
  memory: number;
  secure: boolean;
  community: boolean;
  price: { secure: number; community: number; serverless?: number };
  maxCount: { secure: number; community: number };
}

export interface CpuType {
  id: string;
  name: string;
  group: string;
  vcpu: { min: number; max: number };
  ramGbPerVcpu: number;
  price: { securePerVcpu: number; serverlessPerVcpu: number };
}

/**
 * Idle GPUs of one type in one data center. A data center that carries a type offers it in every cloud the type
 * is sold in (the scheduler places pods of either cloud there); 0 idle means offered but full right now.
 */
export interface GpuStock {
  secure: number;
  community: number;
  /** Whole nodes free for clusters; absent where the data center has no cluster fabric for this type. */
  clusterNodes?: number;
}

export interface GpuOffer {
  type: GpuType;
  /** Stock per id of each data center carrying the type. */
  offeredIn: Readonly<Record<string, GpuStock>>;
  /** CUDA versions of the hosts carrying this GPU, newest first; empty for GPUs without CUDA. */
  cudaVersions: string[];
}

export interface CpuOffer {
  type: CpuType;
  /** Idle vCPUs per data center id. */
  offeredIn: Readonly<Record<string, number>>;
}

export const DATA_CENTER_SITES: readonly DataCenterSite[] = [
  {
    country: "US",
    dataCenter: {
      id: "US-TX-3",
      name: "US Texas 3",
      region: "NORTH_AMERICA",
      globalNetwork: true,
      networkVolumeTypes: ["STANDARD", "HIGH_PERFORMANCE"],
      compliance: ["SOC_2_TYPE_2", "ISO_IEC_27001"],
    },
  },
  {
    country: "US",
    dataCenter: {
      id: "US-CA-2",
      name: "US California 2",
      region: "NORTH_AMERICA",
      globalNetwork: true,
      networkVolumeTypes: ["STANDARD"],
      compliance: ["SOC_2_TYPE_2"],
    },
  },
  {
    country: "RO",
    dataCenter: {
      id: "EU-RO-1",
      name: "Europe Romania 1",
      region: "EUROPE",
      globalNetwork: false,
      networkVolumeTypes: ["STANDARD", "HIGH_PERFORMANCE"],
      compliance: ["GDPR", "ISO_IEC_27001"],
    },
  },
  {
    country: "SE",
    dataCenter: {
      id: "EU-SE-1",
      name: "Europe Sweden 1",
      region: "EUROPE",
      globalNetwork: true,
      networkVolumeTypes: ["STANDARD"],
      compliance: ["GDPR", "ISO_IEC_27001", "RENEWABLE"],
    },
  },
  {
    country: "CA",
    dataCenter: {
      id: "CA-MTL-1",
      name: "Canada Montreal 1",
      region: "NORTH_AMERICA",
      globalNetwork: false,
      networkVolumeTypes: [],
      compliance: ["SOC_2_TYPE_2", "RENEWABLE"],
    },
  },
];

export const DATA_CENTERS: readonly DataCenter[] = DATA_CENTER_SITES.map((site) => site.dataCenter);

export const GPU_OFFERS: readonly GpuOffer[] = [
  {
    type: {
      id: "NVIDIA GeForce RTX 4090",
      name: "RTX 4090",
      pool: "ADA_24",
      manufacturer: "NVIDIA",
      memory: 24,
      secure: true,
      community: true,
      price: { secure: 0.59, community: 0.34, serverless: 0.77 },
      maxCount: { secure: 8, community: 4 },
    },
    offeredIn: {
      "US-TX-3": { secure: 40, community: 12 },
      "EU-RO-1": { secure: 6, community: 20 },
      "CA-MTL-1": { secure: 2, community: 0 },
    },
    cudaVersions: ["12.8", "12.6", "12.4"],
  },
  {
    type: {
      id: "NVIDIA A100 80GB PCIe",
      name: "A100 PCIe",
      pool: "AMPERE_80",
      manufacturer: "NVIDIA",
      memory: 80,
      secure: true,
      community: true,
      price: { secure: 1.64, community: 1.19, serverless: 2.72 },
      maxCount: { secure: 8, community: 4 },
    },
    offeredIn: {
      "US-TX-3": { secure: 7, community: 3 },
      "US-CA-2": { secure: 28, community: 9 },
      "EU-RO-1": { secure: 1, community: 0 },
    },
    cudaVersions: ["12.6", "12.4", "12.2", "11.8"],
  },
  {
    type: {
      id: "NVIDIA H100 80GB HBM3",
      name: "H100 SXM",
      pool: "HOPPER_80",
      manufacturer: "NVIDIA",
      memory: 80,
      secure: true,
      community: true,
      price: { secure: 2.99, community: 2.69, serverless: 4.18 },
      maxCount: { secure: 8, community: 8 },
    },
    offeredIn: {
      "US-CA-2": { secure: 5, community: 2, clusterNodes: 2 },
      "EU-SE-1": { secure: 48, community: 16, clusterNodes: 9 },
    },
    cudaVersions: ["12.8", "12.6"],
  },
  {
    type: {
      id: "NVIDIA L40S",
      name: "L40S",
      pool: "ADA_48_PRO",
      manufacturer: "NVIDIA",
      memory: 48,
      secure: true,
      community: true,
      price: { secure: 0.86, community: 0.79, serverless: 1.33 },
      maxCount: { secure: 8, community: 4 },
    },
    offeredIn: {
      "US-TX-3": { secure: 20, community: 8 },
      "EU-SE-1": { secure: 4, community: 0 },
      "EU-RO-1": { secure: 2, community: 5 },
    },
    cudaVersions: ["12.8", "12.6", "12.4"],
  },
  {
    type: {
      id: "NVIDIA RTX A6000",
      name: "RTX A6000",
      pool: "AMPERE_48",
      manufacturer: "NVIDIA",
      memory: 48,
      secure: true,
      community: true,
      price: { secure: 0.49, community: 0.33, serverless: 0.85 },
      maxCount: { secure: 8, community: 8 },
    },
    offeredIn: {
      "CA-MTL-1": { secure: 16, community: 30 },
      "US-CA-2": { secure: 1, community: 4 },
    },
    cudaVersions: ["12.4", "12.2", "11.8"],
  },
  {
    type: {
      id: "AMD Instinct MI300X OAM",
      name: "MI300X",
      pool: null,
      manufacturer: "AMD",
      memory: 192,
      secure: true,
      community: false,
      price: { secure: 2.49, community: 0 },
      maxCount: { secure: 8, community: 0 },
    },
    offeredIn: { "EU-RO-1": { secure: 6, community: 0, clusterNodes: 1 } },
    cudaVersions: [],
  },
];

export const CPU_OFFERS: readonly CpuOffer[] = [
  {
    type: {
      id: "cpu3c",
      name: "Compute-Optimized",
      group: "Gen 3",
      vcpu: { min: 2, max: 32 },
      ramGbPerVcpu: 2,
      price: { securePerVcpu: 0.03, serverlessPerVcpu: 0.042 },
    },
    offeredIn: { "US-TX-3": 128, "EU-RO-1": 12, "CA-MTL-1": 8 },
  },
  {
    type: {
      id: "cpu3g",
      name: "General Purpose",
      group: "Gen 3",
      vcpu: { min: 2, max: 64 },
      ramGbPerVcpu: 4,
      price: { securePerVcpu: 0.04, serverlessPerVcpu: 0.056 },
    },
    offeredIn: { "US-TX-3": 14, "US-CA-2": 256 },
  },
  {
    type: {
      id: "cpu5c",
      name: "Compute-Optimized",
      group: "Gen 5",
      vcpu: { min: 2, max: 32 },
      ramGbPerVcpu: 2,
      price: { securePerVcpu: 0.05, serverlessPerVcpu: 0.07 },
    },
    offeredIn: { "EU-SE-1": 96, "US-CA-2": 10 },
  },
];

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
    price = (cloud === "SECURE" ? gpu?.secure ?? 0 : gpu?.community ?? 0) * compute.count;
  } else {
    price = (findCpuOffer(compute.id)?.type.price.securePerVcpu ?? 0) * compute.vcpuCount;
  }
  return Math.round(price * 1000) / 1000;
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
export function gpuAvailability(offer: GpuOffer, scope: GpuAvailabilityScope): RenderedAvailability {
  if (scope.constrainsCuda && !offer.cudaVersions.some(scope.acceptsCuda)) return unavailable();
  return availabilityAcross((site) => {
    const stock = offer.offeredIn[site.dataCenter.id];
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

export function cpuAvailability(offer: CpuOffer, scope: CpuAvailabilityScope): RenderedAvailability {
  const vcpuCount = scope.vcpuCount ?? offer.type.vcpu.min;
  const fits = vcpuCount >= offer.type.vcpu.min && vcpuCount <= offer.type.vcpu.max;
  return availabilityAcross((site) => {
    const idle = offer.offeredIn[site.dataCenter.id];
    // Every CPU product runs on the same hosts, so each product sees the same stock.
    return idle === undefined || !fits ? undefined : Math.floor(idle / vcpuCount);
  });
}

/** What a data center offers of each GPU type: a single-GPU pod in whichever cloud has more idle. */
export function gpusAt(dataCenterId: string): DataCenterAvailability[] {
  return GPU_OFFERS.flatMap((offer) => {
    const stock = offer.offeredIn[dataCenterId];
    if (stock === undefined) return [];
    const slots = bestOf((["SECURE", "COMMUNITY"] as const).map((cloud) => gpuSlots(offer.type, stock, "POD", cloud, 1)));
    return [{ id: offer.type.id, name: offer.type.name, availability: levelOf(slots ?? 0) }];
  });
}

/** What a data center offers of each CPU flavor: its smallest instance. */
export function cpusAt(dataCenterId: string): DataCenterAvailability[] {
  return CPU_OFFERS.flatMap((offer) => {
    const idle = offer.offeredIn[dataCenterId];
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
