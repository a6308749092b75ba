import type { VolumeType } from "./wire";

/** The emulator's fixed catalog: GPU types, CPU flavors and data centers, with prices and where each is offered. */

export type AvailabilityLevel = "NONE" | "LOW" | "MEDIUM" | "HIGH";

export interface DataCenterAvailability {
  id: string;
  name: string;
  availability: AvailabilityLevel;
}

export interface DataCenter {
  id: string;
  name: string;
  region: "NORTH_AMERICA" | "EUROPE";
  globalNetwork: boolean;
  networkVolumeTypes: VolumeType[];
  compliance: string[];
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

/** Where a GPU type or CPU flavor is offered, in the order the scheduler prefers. */
type Offering = Record<string, AvailabilityLevel>;

export interface GpuOffer {
  type: GpuType;
  offeredIn: Offering;
  /** CUDA versions of the hosts carrying this GPU, newest first; empty for GPUs without CUDA. */
  cudaVersions: string[];
}

export interface CpuOffer {
  type: CpuType;
  offeredIn: Offering;
}

export const DATA_CENTERS: readonly DataCenter[] = [
  {
    id: "US-TX-3",
    name: "US Texas 3",
    region: "NORTH_AMERICA",
    globalNetwork: true,
    networkVolumeTypes: ["STANDARD", "HIGH_PERFORMANCE"],
    compliance: ["SOC_2_TYPE_2", "ISO_IEC_27001"],
  },
  {
    id: "US-CA-2",
    name: "US California 2",
    region: "NORTH_AMERICA",
    globalNetwork: true,
    networkVolumeTypes: ["STANDARD"],
    compliance: ["SOC_2_TYPE_2"],
  },
  {
    id: "EU-RO-1",
    name: "Europe Romania 1",
    region: "EUROPE",
    globalNetwork: false,
    networkVolumeTypes: ["STANDARD", "HIGH_PERFORMANCE"],
    compliance: ["GDPR", "ISO_IEC_27001"],
  },
  {
    id: "EU-SE-1",
    name: "Europe Sweden 1",
    region: "EUROPE",
    globalNetwork: true,
    networkVolumeTypes: ["STANDARD"],
    compliance: ["GDPR", "ISO_IEC_27001", "RENEWABLE"],
  },
  {
    id: "CA-MTL-1",
    name: "Canada Montreal 1",
    region: "NORTH_AMERICA",
    globalNetwork: false,
    networkVolumeTypes: [],
    compliance: ["SOC_2_TYPE_2", "RENEWABLE"],
  },
];

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
    offeredIn: { "US-TX-3": "HIGH", "EU-RO-1": "MEDIUM", "CA-MTL-1": "LOW" },
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
    offeredIn: { "US-TX-3": "MEDIUM", "US-CA-2": "HIGH", "EU-RO-1": "LOW" },
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
    offeredIn: { "US-CA-2": "MEDIUM", "EU-SE-1": "HIGH" },
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
    offeredIn: { "US-TX-3": "HIGH", "EU-SE-1": "MEDIUM", "EU-RO-1": "LOW" },
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
    offeredIn: { "CA-MTL-1": "HIGH", "US-CA-2": "LOW" },
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
    offeredIn: { "EU-RO-1": "MEDIUM" },
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
    offeredIn: { "US-TX-3": "HIGH", "EU-RO-1": "MEDIUM", "CA-MTL-1": "MEDIUM" },
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
    offeredIn: { "US-TX-3": "MEDIUM", "US-CA-2": "HIGH" },
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
    offeredIn: { "EU-SE-1": "HIGH", "US-CA-2": "MEDIUM" },
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

/** Data centers offering a GPU type or CPU flavor, in catalog order. */
function dataCentersOffering(offering: Offering): DataCenter[] {
  return DATA_CENTERS.filter((dataCenter) => offering[dataCenter.id] !== undefined);
}

const AVAILABILITY_RANK: readonly AvailabilityLevel[] = ["NONE", "LOW", "MEDIUM", "HIGH"];

/** The availability fields the catalog adds when asked to include them. */
export function availabilityOf(offering: Offering): {
  availability: AvailabilityLevel;
  dataCenters: DataCenterAvailability[];
} {
  const dataCenters = dataCentersOffering(offering).map((dataCenter) => ({
    id: dataCenter.id,
    name: dataCenter.name,
    availability: offering[dataCenter.id] ?? "NONE",
  }));
  const best = Math.max(0, ...dataCenters.map((entry) => AVAILABILITY_RANK.indexOf(entry.availability)));
  return { availability: AVAILABILITY_RANK[best] ?? "NONE", dataCenters };
}
