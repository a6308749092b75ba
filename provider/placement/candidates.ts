import { gpuHourlyPrice } from "../cost/gpuHourlyPrice";
import type { GpuType } from "../wire/catalog";
import type { CheckedPlacementInputs } from "./placementInputs";
import type { Cloud } from "../wire/catalog";

/** One acceptable GPU configuration: a type and how many of it (per pod, or per cluster member). */
export interface GpuConfiguration {
  readonly id: string;
  readonly count: number;
}

/**
 * Every acceptable configuration, each once, in the order to try them: `gpu`, then the alternatives as listed;
 * or, with `order: "cheapest"`, all of them by list price in `cloud` (ties keep the listed order, and a type the
 * catalog does not price goes last).
 */
export function orderedCandidates(
  gpu: GpuConfiguration,
  placement: CheckedPlacementInputs | undefined,
  cloud: Cloud,
  catalog: readonly Pick<GpuType, "id" | "price">[] = [],
): GpuConfiguration[] {
  const candidates = acceptableConfigurations(gpu, placement);
  if (placement?.order !== "cheapest") return candidates;
  const priceOf = (candidate: GpuConfiguration): number => {
    const type = catalog.find((entry) => entry.id === candidate.id);
    return type === undefined ? Number.POSITIVE_INFINITY : gpuHourlyPrice(type, candidate.count, cloud);
  };
  // Array.prototype.sort is stable: equal prices keep the listed order.
  return candidates
    .map((candidate) => ({ candidate, price: priceOf(candidate) }))
    .sort((a, b) => (a.price === b.price ? 0 : a.price < b.price ? -1 : 1))
    .map(({ candidate }) => candidate);
}

/** `gpu`, then the alternatives, as listed, each once. */
export function acceptableConfigurations(gpu: GpuConfiguration, placement: CheckedPlacementInputs | undefined): GpuConfiguration[] {
  const listed = [gpu, ...(placement?.alternatives ?? [])].map(({ id, count }) => ({ id, count }));
  return listed.filter((candidate, index) => listed.findIndex((other) => sameConfiguration(other, candidate)) === index);
}

/** Whether `running` is one of the acceptable configurations: `gpu` or one of the alternatives. */
export function isAcceptable(running: GpuConfiguration, gpu: GpuConfiguration, placement: CheckedPlacementInputs | undefined): boolean {
  return acceptableConfigurations(gpu, placement).some((candidate) => sameConfiguration(candidate, running));
}

export function sameConfiguration(a: GpuConfiguration, b: GpuConfiguration): boolean {
  return a.id === b.id && a.count === b.count;
}

/** How a configuration reads in messages: `2 x NVIDIA H100 80GB HBM3`. */
export function describeConfiguration(candidate: GpuConfiguration): string {
  return `${candidate.count} x ${candidate.id}`;
}

/** Why a candidate is not tried now. */
export type Hold =
  /** The catalog has no such type, or no acceptable data center carries it: waiting cannot help. */
  | { readonly kind: "notOffered"; readonly reason: string }
  /** Its list price is above `maxHourlyPrice`: waiting cannot help. */
  | { readonly kind: "overPrice"; readonly reason: string }
  /** Offered, but every acceptable data center shows NONE: capacity may free up. */
  | { readonly kind: "short"; readonly reason: string; readonly dataCenters: readonly string[] };

/** A candidate with what the availability read says of it: nothing (try it) or why it is held back. */
export interface ScreenedCandidate {
  readonly candidate: GpuConfiguration;
  readonly hold?: Hold;
}

/** What is known when candidates are screened. */
export interface Screening {
  /** The catalog's GPU types with availability (`include=AVAILABILITY`) for the resource's product and cloud. */
  readonly catalog: readonly GpuType[];
  /** The acceptable data centers, as checked: undefined for any. */
  readonly acceptableDataCenters?: readonly string[];
  readonly cloud: Cloud;
  /** USD per hour for the whole resource: dearer candidates are skipped. */
  readonly maxHourlyPrice?: number;
  /** GPUs of a candidate that the resource runs at once: a cluster's members multiply the price. @default 1 */
  readonly instances?: number;
}

/**
 * Screens each candidate against one availability read: those not offered in any acceptable data center, those
 * priced above `maxHourlyPrice`, and those showing NONE in every acceptable data center are held back, saying
 * why; the others are to be tried, in the given order.
 */
export function screenCandidates(candidates: readonly GpuConfiguration[], screening: Screening): ScreenedCandidate[] {
  const { catalog, acceptableDataCenters, cloud, maxHourlyPrice, instances = 1 } = screening;
  const acceptable = (id: string) => acceptableDataCenters === undefined || acceptableDataCenters.includes(id);
  return candidates.map((candidate) => {
    const type = catalog.find((entry) => entry.id === candidate.id);
    if (type === undefined) return { candidate, hold: { kind: "notOffered", reason: "not in the catalog" } };
    const offeredIn = (type.dataCenters ?? []).filter((dataCenter) => acceptable(dataCenter.id));
    if (offeredIn.length === 0) {
      const where = acceptableDataCenters === undefined ? "" : ` in ${acceptableDataCenters.join(", ")}`;
      return { candidate, hold: { kind: "notOffered", reason: `not offered${where}` } };
    }
    const price = gpuHourlyPrice(type, candidate.count, cloud) * instances;
    if (maxHourlyPrice !== undefined && price > maxHourlyPrice) {
      return { candidate, hold: { kind: "overPrice", reason: `$${round(price)}/h is above maxHourlyPrice $${maxHourlyPrice}/h` } };
    }
    if (offeredIn.every((dataCenter) => dataCenter.availability === "NONE")) {
      const dataCenters = offeredIn.map((dataCenter) => dataCenter.id);
      return { candidate, hold: { kind: "short", reason: `NONE in ${dataCenters.join(", ")}`, dataCenters } };
    }
    return { candidate };
  });
}

function round(price: number): number {
  return Math.round(price * 10_000) / 10_000;
}
