import { EMULATOR_PACKAGES, requireServerPackages } from "./http/serverFramework";

requireServerPackages("The Compute Platform emulator", EMULATOR_PACKAGES);

// After the check: a missing server package is reported as such, not as a failed require deep inside.
export { type Emulator, type EmulatorSnapshot, type RecordedRequest, startEmulator } from "./http/server";
export {
  type ApiKeyGrant,
  DEFAULT_QUOTAS,
  DEFAULT_JOB_OPTIONS,
  DEFAULT_TIMINGS,
  type EmulatorOptions,
  type JobOptions,
  type PodTimings,
  type RateLimitQuotas,
  type StartupFaults,
} from "./options";
export type { CountedRequestMatch, FaultController, RequestMatch } from "./http/faults";
export type { ClockController } from "./movableClock";
export type { GpuUtilizationController } from "./pods/gpuUtilization";
export { CAPACITY_ERROR_PREFIX, type GpuStockOverrides, type StockController } from "./placement/liveStock";
export type { GpuStock } from "./data/stock";
export type { WorkloadController } from "./workloads";
export type * from "./wire";
