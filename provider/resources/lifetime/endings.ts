import type { ComputePlatformClient } from "../../client";
import type { Pod, PodStatus } from "../pod/inputs";
import type { LifetimeEnding } from "./inputs";

/** What a list of the account's pods (cluster members included) tells of one resource with a lifetime. */
export interface Observed {
  /** Its status: a pod's own; none for a cluster. */
  readonly status?: PodStatus;
  /** Each GPU's utilization in percent, when it runs; undefined when it does not, which is not idle. */
  readonly gpuUtilization?: readonly number[];
  /** What it costs per hour now (USD). */
  readonly hourlyCost: number;
  /** Why the service would refuse the ending due, if it would (a locked pod cannot stop). */
  readonly refuses?: (action: LifetimeEnding) => string | undefined;
  /** The pods an ending ends: a cluster's members. */
  readonly podIds: readonly string[];
}

/**
 * What a lifetime can do to the resources of one kind, and how: the provider's lifetime wrapper and
 * `computeplatform expire` end them through these, and by nothing else.
 */
export interface LifetimeEndings {
  /** The kind's type name: `Pod`, `Cluster`. */
  readonly type: string;
  /** The kind as messages name it: `pod`, `cluster`. */
  readonly what: string;
  /**
   * How the program holds a resource stopped, for a kind that can stop (the API has no stop for a cluster): the
   * arguments that keep it stopped, and whether the arguments start one that was stopped.
   */
  readonly stop?: {
    held(news: Record<string, unknown>): Record<string, unknown>;
    startedBy(olds: Record<string, unknown>, news: Record<string, unknown>): boolean;
  };
  /**
   * Carries out an ending through the API (a resource already gone is ended), and answers the outputs it changes.
   * `observed` is what this run's list of pods saw of it, when the caller listed them.
   */
  end(client: ComputePlatformClient, id: string, action: LifetimeEnding, observed?: Observed): Promise<Record<string, unknown>>;
  /** What the list of the account's pods tells of the resource `id`; undefined when it is not there (gone). */
  observe(pods: readonly Pod[], id: string): Observed | undefined;
}
