import { resolveSettings } from "../config";
import type { CpuType, GpuType } from "../wire/catalog";
import { sharedClient } from "../sharedClient";

/** The catalog lists that hold list prices: the GPU types and the CPU flavors. */
export interface PriceLists {
  gpus: readonly GpuType[];
  cpus: readonly CpuType[];
}

/** One catalog list. */
export type PriceListName = keyof PriceLists;

/**
 * How long a price-list read keeps trying through faults that would pass (429s waited out to their `Retry-After`,
 * 5xx answers, dropped connections), in ms: as long as the create it prices would, by default (a pod's or a cluster's
 * `readyTimeoutSeconds`, 600), since a `check` that gives up fails the whole deployment.
 */
export const PRICE_LIST_TIMEOUT_MS = 600_000;

// Per API base URL, each list is read once per process; concurrent checks wait on the same request.
const cache = new Map<string, Promise<PriceLists[PriceListName]>>();

/**
 * The catalog lists named, read once per process and API base URL. A failed read is forgotten, so that a later
 * check tries again; the checks waiting on it fail with it.
 */
export async function readPriceLists(names: readonly PriceListName[]): Promise<Partial<PriceLists>> {
  const entries = await Promise.all(names.map(async (name) => [name, await priceList(name)] as const));
  return Object.fromEntries(entries);
}

function priceList(name: PriceListName): Promise<PriceLists[PriceListName]> {
  const key = `${resolveSettings().apiUrl}\n${name}`;
  let list = cache.get(key);
  if (list === undefined) {
    const { catalog, clock } = sharedClient();
    const options = { deadline: clock.now() + PRICE_LIST_TIMEOUT_MS };
    list = name === "gpus" ? catalog.gpus(undefined, options) : catalog.cpus(undefined, options);
    cache.set(key, list);
    list.catch(() => cache.delete(key));
  }
  return list;
}
