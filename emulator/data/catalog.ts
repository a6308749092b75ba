import type { VolumeType } from "../wire";

/**
 * The emulator's fixed catalog, as data: data centers, GPU types and CPU flavors with their list prices. Which data
 * center holds how many of each is in `stock.ts`; what reads both is in `../catalog/`.
 */

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

/** A GPU type as sold, with the CUDA versions of the hosts that carry it. */
export interface GpuCatalogEntry {
  type: GpuType;
  /** CUDA versions of the hosts carrying this GPU, newest first; empty for GPUs without CUDA. */
  cudaVersions: string[];
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

export const GPU_CATALOG: readonly GpuCatalogEntry[] = [
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
    cudaVersions: [],
  },
];

export const CPU_TYPES: readonly CpuType[] = [
  {
    id: "cpu3c",
    name: "Compute-Optimized",
    group: "Gen 3",
    vcpu: { min: 2, max: 32 },
    ramGbPerVcpu: 2,
    price: { securePerVcpu: 0.03, serverlessPerVcpu: 0.042 },
  },
  {
    id: "cpu3g",
    name: "General Purpose",
    group: "Gen 3",
    vcpu: { min: 2, max: 64 },
    ramGbPerVcpu: 4,
    price: { securePerVcpu: 0.04, serverlessPerVcpu: 0.056 },
  },
  {
    id: "cpu5c",
    name: "Compute-Optimized",
    group: "Gen 5",
    vcpu: { min: 2, max: 32 },
    ramGbPerVcpu: 2,
    price: { securePerVcpu: 0.05, serverlessPerVcpu: 0.07 },
  },
];
