/**
 * The stock each data center holds when the emulator starts: idle GPUs per type and idle vCPUs per CPU flavor.
 * Availability levels and placement read it; it is seed data, so a running emulator keeps its own copy to draw on.
 */

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

/** GPU type id → data center id → idle stock; a data center absent from a type's entry does not carry it. */
export const GPU_STOCK: Readonly<Record<string, Readonly<Record<string, GpuStock>>>> = {
  "NVIDIA GeForce RTX 4090": {
    "US-TX-3": { secure: 40, community: 12 },
    "EU-RO-1": { secure: 6, community: 20 },
    "CA-MTL-1": { secure: 2, community: 0 },
  },
  "NVIDIA A100 80GB PCIe": {
    "US-TX-3": { secure: 7, community: 3 },
    "US-CA-2": { secure: 28, community: 9 },
    "EU-RO-1": { secure: 1, community: 0 },
  },
  "NVIDIA H100 80GB HBM3": {
    "US-CA-2": { secure: 5, community: 2, clusterNodes: 2 },
    "EU-SE-1": { secure: 48, community: 16, clusterNodes: 9 },
  },
  "NVIDIA L40S": {
    "US-TX-3": { secure: 20, community: 8 },
    "EU-SE-1": { secure: 4, community: 0 },
    "EU-RO-1": { secure: 2, community: 5 },
  },
  "NVIDIA RTX A6000": {
    "CA-MTL-1": { secure: 16, community: 30 },
    "US-CA-2": { secure: 1, community: 4 },
  },
  "AMD Instinct MI300X OAM": { "EU-RO-1": { secure: 6, community: 0, clusterNodes: 1 } },
};

/** CPU flavor id → data center id → idle vCPUs; a data center absent from a flavor's entry does not carry it. */
export const CPU_STOCK: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  cpu3c: { "US-TX-3": 240, "EU-RO-1": 12, "CA-MTL-1": 8 },
  cpu3g: { "US-TX-3": 14, "US-CA-2": 256 },
  cpu5c: { "EU-SE-1": 96, "US-CA-2": 10 },
};
