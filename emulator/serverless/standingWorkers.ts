import { GPU_OFFERS } from "../catalog/offers";
import { DATA_CENTERS } from "../data/catalog";
import { capacityError, type Demand, type Holding, type LiveStock, type Shortage } from "../placement/liveStock";
import type { EndpointRecord } from "../store";

/** What decides where an endpoint's standing workers run and what they hold. */
export type WorkerConfig = Pick<EndpointRecord, "gpu" | "cpu" | "workers" | "dataCenterIds">;

/**
 * Takes the idle stock the endpoint's `workers.min` standing workers hold: for the first GPU type of the pools (or CPU
 * flavor of the list) with room for all of them in one data center, the first of `dataCenterIds` (else of the
 * catalog) with that room. Null when no worker stands, or when nothing asked for is carried where asked (the
 * workers then hold nothing, as before stock was modelled); the capacity error when everything carried is full.
 */
export function holdStandingWorkers(stock: LiveStock, config: WorkerConfig): Holding | null {
  const dataCenterIds = config.dataCenterIds.length > 0 ? config.dataCenterIds : DATA_CENTERS.map((dataCenter) => dataCenter.id);
  const shortages: Shortage[] = [];
  for (const demand of standingDemands(config)) {
    const offering = dataCenterIds.filter((dataCenterId) => stock.idle(demand, dataCenterId) !== undefined);
    const dataCenterId = offering.find((candidate) => stock.fits(demand, candidate));
    if (dataCenterId !== undefined) {
      stock.take(demand, dataCenterId);
      return { demand, dataCenterId };
    }
    if (offering.length > 0) shortages.push({ demand, dataCenterIds: offering });
  }
  if (shortages.length > 0) throw capacityError(...shortages);
  return null;
}

/** Gives back what the standing workers held. */
export function releaseStandingWorkers(stock: LiveStock, held: Holding | null): void {
  if (held !== null) stock.giveBack(held.demand, held.dataCenterId);
}

/**
 * Moves the standing workers to a new configuration: gives back what they hold, then takes for the new one; when
 * that is short, they keep what they held and the capacity error is thrown.
 */
export function reholdStandingWorkers(stock: LiveStock, held: Holding | null, config: WorkerConfig): Holding | null {
  releaseStandingWorkers(stock, held);
  try {
    return holdStandingWorkers(stock, config);
  } catch (error) {
    if (held !== null) stock.take(held.demand, held.dataCenterId);
    throw error;
  }
}

/** All standing workers on one GPU type or CPU flavor, per candidate in the order they are tried. */
function standingDemands({ gpu, cpu, workers }: WorkerConfig): Demand[] {
  if (workers.min === 0) return [];
  if (gpu !== null) {
    return GPU_OFFERS.filter(
      ({ type }) => type.pool !== null && gpu.pools.includes(type.pool) && !(gpu.excludedTypes ?? []).includes(type.id),
    ).map(({ type }) => ({ pool: "gpu", typeId: type.id, cloud: "SECURE", count: workers.min * gpu.count }));
  }
  return (cpu ?? []).map(({ id, vcpuCount }) => ({ pool: "cpu", typeId: id, cloud: "SECURE", count: workers.min * vcpuCount }));
}
