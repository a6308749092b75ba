/**
 * List prices the emulator bills at, besides the compute prices of the catalog (`catalog.ts`). A pod, a cluster's
 * member and a serverless worker are billed at their compute's list price alone: the spec gives a pod's `cost` as its
 * current cost per hour (0 when EXITED), the reference calls it the rate actually billed, and a worker's rate the
 * serverless price times its GPUs. Only network volumes, which the catalog does not price, are billed at a rate of
 * the emulator's own.
 */

/** Network volume storage, in USD per GB-month by volume type. */
export const NETWORK_VOLUME_PRICE = {
  STANDARD: 0.07,
  HIGH_PERFORMANCE: 0.14,
};
