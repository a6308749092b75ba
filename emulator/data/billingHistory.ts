/**
 * The billing history seeded for every account, for what the emulator does not run itself: a training cluster that
 * has run on most nights since `SEEDED_SINCE`. What turns it into spend is `../billing/seededHistory.ts`.
 */

/** Seeded resources have been running since then, whatever the clock reads. */
export const SEEDED_SINCE = Date.UTC(2024, 0, 1);

/** A seeded training cluster: 2 nodes of 8 H100 in the secure cloud, 1000 GB of disk each. */
export const SEEDED_CLUSTER = {
  key: "cluster:training",
  nodes: 2,
  gpusPerNode: 8,
  /** Billed at the catalog's secure price of this type. */
  gpuTypeId: "NVIDIA H100 80GB HBM3",
  diskGbPerNode: 1000,
  /** USD per GB-month of its disk. */
  diskPerGbMonth: 0.1,
  /** USD per node-hour for the inter-node fabric. */
  networkingPerNodeHour: 0.4,
  /** It trains from 00:00 to 06:00 UTC, on four nights out of five. */
  firstHour: 0,
  hours: 6,
  nightsWithRun: 0.8,
};
