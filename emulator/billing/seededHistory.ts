import { createHash } from "node:crypto";
import { findGpuOffer } from "../catalog/offers";
import { SEEDED_CLUSTER, SEEDED_SINCE } from "../data/billingHistory";
import { ID_ALPHABET } from "../store";
import { type BilledResource, HOURS_PER_MONTH, micros, type Spend } from "./billedResource";
import type { ClusterComponent } from "./clusterComponent";
import { HOUR, overlap } from "./spans";

/** A seeded history, for spend before the emulator ran anything: it depends only on the account name and the hour. */

/**
 * The seeded cluster of an account: it runs for `SEEDED_CLUSTER.hours` from `firstHour` UTC on most nights, its GPUs
 * at the catalog's secure price, with the disk and fabric charges of the seed.
 */
export function seededCluster(account: string, now: number): BilledResource<ClusterComponent> {
  const cluster = SEEDED_CLUSTER;
  const gpuHourly = findGpuOffer(cluster.gpuTypeId)?.type.price.secure ?? 0;
  const seed = seedOf(account, cluster.key);
  return seededResource(seededId(account, cluster.key), now, (hour) => {
    const hourOfDay = hour % 24;
    const runs =
      hourOfDay >= cluster.firstHour &&
      hourOfDay < cluster.firstHour + cluster.hours &&
      noise(seed, Math.floor(hour / 24)) < cluster.nightsWithRun;
    if (!runs) return { gpuAmount: 0, diskAmount: 0, networkingAmount: 0 };
    return {
      gpuAmount: cluster.nodes * cluster.gpusPerNode * gpuHourly,
      diskAmount: (cluster.nodes * cluster.diskGbPerNode * cluster.diskPerGbMonth) / HOURS_PER_MONTH,
      networkingAmount: cluster.nodes * cluster.networkingPerNodeHour,
    };
  });
}

/**
 * A seeded resource whose spend in each whole hour (counted from the epoch) is `hourly(hour)` in USD; a span
 * covering part of an hour (the current one) pays that part.
 */
function seededResource<Component extends string>(
  id: string,
  now: number,
  hourly: (hour: number) => Record<Component, number>,
): BilledResource<Component> {
  return {
    id,
    existed: { start: SEEDED_SINCE, end: now },
    spend(span) {
      const totals = {} as Record<Component, number>;
      for (let hour = Math.floor(span.start / HOUR); hour * HOUR < span.end; hour++) {
        const share = overlap({ start: hour * HOUR, end: (hour + 1) * HOUR }, span) / HOUR;
        for (const [component, usd] of Object.entries(hourly(hour)) as Array<[Component, number]>) {
          totals[component] = (totals[component] ?? 0) + usd * share;
        }
      }
      return Object.fromEntries(Object.entries(totals).map(([component, usd]) => [component, micros(usd as number)])) as Spend<Component>;
    },
  };
}

/** A deterministic number in [0, 1) for a seed and an index (a 32-bit integer mix). */
function noise(seed: number, index: number): number {
  let x = (seed ^ Math.imul(index, 0x9e3779b1)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
}

function seedOf(account: string, key: string): number {
  return createHash("sha256").update(`${account}:${key}`).digest().readUInt32BE(0);
}

/** A stable id for a seeded resource of an account, shaped like the emulator's own ids. */
export function seededId(account: string, key: string): string {
  const bytes = createHash("sha256").update(`id:${account}:${key}`).digest();
  return Array.from(bytes.subarray(0, 10), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
}
