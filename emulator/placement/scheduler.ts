import { DATA_CENTERS } from "../data/catalog";
import { findDataCenter } from "../catalog/offers";
import { Problem } from "../http/problem";
import type { NetworkVolume } from "../wire";

export interface PlacementRequest {
  /** What is being placed, for messages: a GPU type id or CPU flavor id. */
  compute: string;
  /** Data centers offering it. */
  offeredIn: Readonly<Record<string, unknown>>;
  /** Preference list from the create body; empty or absent lets the scheduler choose. */
  dataCenterIds: readonly string[] | undefined;
  /** The network volume to mount, which pins the pod to the volume's data center. */
  volume: NetworkVolume | undefined;
}

/** The data center a new pod runs in: the volume's, else the first preferred (else catalog) one offering it. */
export function chooseDataCenter(request: PlacementRequest): string {
  const preferred = request.dataCenterIds ?? [];
  for (const id of preferred) {
    if (findDataCenter(id) === undefined) throw new Problem(400, `Unknown data center "${id}" in dataCenterIds`);
  }
  const offers = (dataCenterId: string) => request.offeredIn[dataCenterId] !== undefined;
  if (request.volume !== undefined) {
    const { id, dataCenter } = request.volume;
    if (preferred.length > 0 && !preferred.includes(dataCenter)) {
      throw new Problem(400, `Network volume ${id} is in ${dataCenter}, which dataCenterIds excludes`);
    }
    if (!offers(dataCenter)) {
      throw new Problem(400, `"${request.compute}" is not offered in ${dataCenter}, where network volume ${id} is`);
    }
    return dataCenter;
  }
  const candidates = preferred.length > 0 ? preferred : DATA_CENTERS.map((dataCenter) => dataCenter.id);
  const chosen = candidates.find(offers);
  if (chosen === undefined) {
    throw new Problem(400, `"${request.compute}" is not offered in any of ${candidates.join(", ")}`);
  }
  return chosen;
}
