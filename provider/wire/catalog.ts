import { z } from "zod";

/** Hardware tier: SECURE is provider-owned data center hardware, COMMUNITY is community-hosted. */
export const clouds = ["SECURE", "COMMUNITY"] as const;
export type Cloud = (typeof clouds)[number];

/** Storage class of a network volume. */
export const volumeTypes = ["STANDARD", "HIGH_PERFORMANCE"] as const;
export type VolumeType = (typeof volumeTypes)[number];

/** Stock levels the catalog reports. */
export const availabilityLevels = ["NONE", "LOW", "MEDIUM", "HIGH"] as const;
export type AvailabilityLevel = (typeof availabilityLevels)[number];

/** What GPU availability can be asked for: pods, cluster nodes or serverless workers. */
export const gpuProducts = ["POD", "CLUSTER", "SERVERLESS"] as const;
export type GpuProduct = (typeof gpuProducts)[number];

/** What CPU availability can be asked for. */
export const cpuProducts = ["POD", "SERVERLESS"] as const;
export type CpuProduct = (typeof cpuProducts)[number];

/** Continental regions of data centers. */
export const dataCenterRegions = [
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
export type DataCenterRegion = (typeof dataCenterRegions)[number];

/** Compliance certifications a data center can hold. */
export const complianceCertifications = [
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
export type Compliance = (typeof complianceCertifications)[number];

/** Availability expansions of the data center catalog. */
export const dataCenterIncludes = ["GPU_AVAILABILITY", "CPU_AVAILABILITY"] as const;
export type DataCenterInclude = (typeof dataCenterIncludes)[number];

const availability = z.enum(availabilityLevels);
const dataCenterAvailability = z.object({ id: z.string(), name: z.string(), availability });

export const gpuTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Serverless pool of the type; null when it is in none. */
  pool: z.string().nullable(),
  manufacturer: z.string(),
  memory: z.int(),
  secure: z.boolean(),
  community: z.boolean(),
  /** List prices per GPU-hour, in USD: the pod rate in each cloud, and the rate of the type's serverless pool (absent without one). */
  price: z.object({ secure: z.number(), community: z.number(), serverless: z.number().optional() }),
  maxCount: z.object({ secure: z.int(), community: z.int() }),
  availability: availability.optional(),
  dataCenters: z.array(dataCenterAvailability).optional(),
  cudaVersions: z.array(z.object({ version: z.string(), available: z.boolean() })).optional(),
});
/** A GPU type from the catalog; the availability fields are present when availability was asked for. */
export type GpuType = z.infer<typeof gpuTypeSchema>;
export const gpuTypeListSchema = z.object({ gpus: z.array(gpuTypeSchema) });

export const cpuTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  group: z.string(),
  vcpu: z.object({ min: z.int(), max: z.int() }),
  ramGbPerVcpu: z.number(),
  price: z.object({ securePerVcpu: z.number(), serverlessPerVcpu: z.number() }),
  availability: availability.optional(),
  dataCenters: z.array(dataCenterAvailability).optional(),
});
/** A CPU flavor from the catalog; the availability fields are present when availability was asked for. */
export type CpuType = z.infer<typeof cpuTypeSchema>;
export const cpuTypeListSchema = z.object({ cpus: z.array(cpuTypeSchema) });

export const dataCenterSchema = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string(),
  globalNetwork: z.boolean(),
  networkVolumeTypes: z.array(z.string()),
  compliance: z.array(z.string()),
  gpuAvailability: z.array(dataCenterAvailability).optional(),
  cpuAvailability: z.array(dataCenterAvailability).optional(),
});
/** A data center from the catalog. */
export type DataCenter = z.infer<typeof dataCenterSchema>;
export const dataCenterListSchema = z.object({ dataCenters: z.array(dataCenterSchema) });

/** GPU availability to add to catalog reads (`include=AVAILABILITY`), and the configuration it is for. */
export interface GpuAvailabilityQuery {
  /** Products the availability is for; a data center counts when it offers any of them. At least one. */
  product: GpuProduct[];
  /** GPUs per pod, worker or cluster node. At least 1. @default 1 */
  count?: number;
  /** Cloud of the pods. @default "SECURE" */
  cloud?: Cloud;
  /** Only data centers in these countries (ISO 3166-1 alpha-2, uppercase, such as `"US"`). */
  countryCodes?: string[];
  /** Only hosts on exactly these CUDA versions (`major.minor`). Excludes `minCudaVersion`. */
  cudaVersions?: string[];
  /** Only hosts on this CUDA version or newer (`12` or `12.4`). Excludes `cudaVersions`. */
  minCudaVersion?: string;
}

/** CPU availability to add to catalog reads (`include=AVAILABILITY`). */
export interface CpuAvailabilityQuery {
  /** Products the availability is for. At least one. */
  product: CpuProduct[];
  /** vCPUs of the instance: a power of two, at least 2. @default the flavor's smallest */
  vcpuCount?: number;
}

/** Filters of the data center list; families combine with AND. */
export interface DataCenterQuery {
  /** Availability expansions to add to each data center. */
  include?: DataCenterInclude[];
  /** Only data centers in one of these regions. */
  regions?: DataCenterRegion[];
  /** Only data centers offering every one of these network volume types. */
  networkVolumeTypes?: VolumeType[];
  /** Only data centers holding every one of these certifications. */
  compliance?: Compliance[];
  /** Only data centers that support global networking (true) or that do not (false). */
  globalNetwork?: boolean;
}
