import type { QueueCounts, WorkerCounts } from "./diagnosis";

/** How far an endpoint's newest release has rolled out. */
export interface Rollout {
  /** The newest release's configuration version; null when the API does not say. */
  version: number | null;
  inProgress: boolean;
  workersOnLatest: number;
  workersTotal: number;
  percentOnLatest: number;
}

/** One resource of the stack as `status` shows it: every figure the text shows is here, for `--json`. */
export interface ResourceStatus {
  /** Its name in the manifest. */
  name: string;
  kind: string;
  id: string;
  /** Its live status; `GONE` when the API no longer has it; null for kinds that have none. */
  status: string | null;
  /** How long it has run, in seconds; null when it is not running or the API does not say. */
  uptimeSeconds: number | null;
  /** Its cost now from the API, in USD per hour; null when the API prices it nowhere (endpoints, volumes). */
  costPerHour: number | null;
  /** The estimate its state records (`estimatedHourlyCost`), in USD per hour; null for kinds with none. */
  estimatedCostPerHour: number | null;
  /** A pod's GPUs' utilization now, in percent, one per GPU. */
  gpuUtilization?: number[];
  /** An endpoint's workers by state. */
  workers?: WorkerCounts;
  /** An endpoint's queue. */
  queue?: QueueCounts;
  /** An endpoint's newest release. */
  rollout?: Rollout;
  /** Why it does not work as it should, where that is clear. */
  diagnosis?: string;
}

/** What `status` reports of a stack. */
export interface StatusReport {
  stack: string;
  /** When the figures were read, ISO 8601. */
  readAt: string;
  resources: ResourceStatus[];
  /**
   * What runs costs now, in USD per hour: each resource's cost from the API where it reports one, else its estimate
   * while it exists.
   */
  totalCostPerHour: number;
  /** How many API requests this reading took. */
  requests: number;
}

/** The sum of what each resource costs now: the API's figure, else the estimate while it exists; to the millionth. */
export function totalCostPerHour(resources: readonly ResourceStatus[]): number {
  const micros = resources.reduce((sum, resource) => {
    const cost = resource.costPerHour ?? (resource.status === "GONE" ? 0 : (resource.estimatedCostPerHour ?? 0));
    return sum + Math.round(cost * 1_000_000);
  }, 0);
  return micros / 1_000_000;
}
