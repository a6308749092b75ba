import { DATA_CENTERS } from "../data/catalog";
import { findDataCenter } from "../catalog/offers";
import { Problem } from "../http/problem";
import type { NetworkVolume } from "../wire";
import { capacityError, type Demand, type LiveStock } from "./liveStock";

export interface PlacementRequest {
  /** What is being placed, for messages: a GPU type id or CPU flavor id. */
  compute: string;
  /** What it holds in the data center it runs in. */
  demand: Demand;
  /** The idle stock, which says which data centers offer the demand and which have room for it. */
  stock: LiveStock;
  /** Preference list from the create body; empty or absent lets the scheduler choose. */
  dataCenterIds: readonly string[] | undefined;
  /** The network volume to mount, which pins the pod to the volume's data center. */
  volume: NetworkVolume | undefined;
}

/**
 * The data center a new pod (or cluster) runs in: the volume's, else the first preferred (else catalog) one offering
 * it with room for it now. 400 when none offers it; the capacity error when those offering it are all full.
 */
export function chooseDataCenter(request: PlacementRequest): string {
  const { demand, stock } = request;
  const preferred = request.dataCenterIds ?? [];
  for (const id of preferred) {
    if (findDataCenter(id) === undefined) throw new Problem(400, `Unknown data center "${id}" in dataCenterIds`);
  }
  const offers = (dataCenterId: string) => stock.idle(demand, dataCenterId) !== undefined;
  if (request.volume !== undefined) {
    const { id, dataCenter } = request.volume;
    if (preferred.length > 0 && !preferred.includes(dataCenter)) {
      throw new Problem(400, `Network volume ${id} is in ${dataCenter}, which dataCenterIds excludes`);
    }
    if (!offers(dataCenter)) {
      throw new Problem(400, `"${request.compute}" is not offered in ${dataCenter}, where network volume ${id} is`);
    }
    if (!stock.fits(demand, dataCenter)) throw capacityError({ demand, dataCenterIds: [dataCenter] });
    return dataCenter;
  }
  const candidates = preferred.length > 0 ? preferred : DATA_CENTERS.map((dataCenter) => dataCenter.id);
  const offering = candidates.filter(offers);
  if (offering.length === 0) {
    throw new Problem(400, `"${request.compute}" is not offered in any of ${candidates.join(", ")}`);
  }
  const chosen = offering.find((dataCenterId) => stock.fits(demand, dataCenterId));
  if (chosen === undefined) throw capacityError({ demand, dataCenterIds: offering });
  return chosen;
}
