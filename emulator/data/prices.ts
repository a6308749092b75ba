/** List prices the emulator bills at, besides the compute prices of the catalog (`catalog.ts`). */

/** List prices the emulator bills storage at, in USD per GB-month. */
export const STORAGE_PRICE = {
  /** Container disk and persistent volume while the pod runs. */
  podDiskRunning: 0.1,
  /** Persistent volume while the pod is not running. */
  podVolumeIdle: 0.2,
  networkVolumeStandard: 0.07,
  networkVolumeHighPerformance: 0.14,
};

/** The platform's fee, a share of serverless compute. */
export const SERVERLESS_FEE_SHARE = 0.02;

/** The inter-node fabric of a cluster, in USD per member-hour while the member runs. */
export const CLUSTER_NETWORKING_PER_NODE_HOUR = 0.4;
