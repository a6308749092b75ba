import type { ComputePlatformClient } from "../client";
import type { GpuProduct, GpuType } from "../wire/catalog";
import type { Cloud } from "../wire/catalog";
import { describeConfiguration, type GpuConfiguration } from "./candidates";

/** One read of the GPU catalog with availability, for one product in one cloud. */
export interface AvailabilityRead {
  readonly catalog: readonly GpuType[];
  /** Counts the reads of this product and cloud in this process, from 1. */
  readonly generation: number;
}

interface Entry {
  read: Promise<AvailabilityRead>;
  generation: number;
  /** Configurations a create found short since this read, which the read may still show as available. */
  shortSinceRead: Set<string>;
}

/**
 * GPU availability per product and cloud, shared by every resource of one client in this process: one read of the
 * catalog serves every candidate of every resource of a deployment, and a wait for capacity that needs a fresher
 * read than the one it saw takes the one another wait made since, if any, before reading again.
 */
export class AvailabilityBoard {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly client: ComputePlatformClient) {}

  /** The latest read for the product and cloud, reading the catalog only if none was made. */
  current(product: GpuProduct, cloud: Cloud): Promise<AvailabilityRead> {
    return this.entries.get(keyOf(product, cloud))?.read ?? this.refresh(product, cloud);
  }

  /** A read newer than `seen`: one made since by another wait, or a new one. */
  newerThan(product: GpuProduct, cloud: Cloud, seen: AvailabilityRead): Promise<AvailabilityRead> {
    const entry = this.entries.get(keyOf(product, cloud));
    return entry !== undefined && entry.generation > seen.generation ? entry.read : this.refresh(product, cloud);
  }

  /**
   * Records that a create of `candidate` found no capacity: until the next read, no resource tries it, nor a
   * configuration of the same type with more GPUs.
   */
  markShort(product: GpuProduct, cloud: Cloud, candidate: GpuConfiguration): void {
    this.entries.get(keyOf(product, cloud))?.shortSinceRead.add(describeConfiguration(candidate));
  }

  /** Whether a create found `candidate` (or fewer GPUs of its type) short since the latest read. */
  isMarkedShort(product: GpuProduct, cloud: Cloud, candidate: GpuConfiguration): boolean {
    const short = this.entries.get(keyOf(product, cloud))?.shortSinceRead;
    if (short === undefined) return false;
    for (let count = 1; count <= candidate.count; count++) {
      if (short.has(describeConfiguration({ id: candidate.id, count }))) return true;
    }
    return false;
  }

  private refresh(product: GpuProduct, cloud: Cloud): Promise<AvailabilityRead> {
    const key = keyOf(product, cloud);
    const generation = (this.entries.get(key)?.generation ?? 0) + 1;
    const read = this.client.catalog.gpus({ product: [product], cloud }).then((catalog) => ({ catalog, generation }));
    const entry: Entry = { read, generation, shortSinceRead: new Set() };
    this.entries.set(key, entry);
    // A failed read is not kept: the next one reads again.
    read.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return read;
  }
}

const boards = new WeakMap<ComputePlatformClient, AvailabilityBoard>();

/** The board of a client: one per API key and process, as the client is. */
export function availabilityBoard(client: ComputePlatformClient): AvailabilityBoard {
  let board = boards.get(client);
  if (board === undefined) {
    board = new AvailabilityBoard(client);
    boards.set(client, board);
  }
  return board;
}

function keyOf(product: GpuProduct, cloud: Cloud): string {
  return `${product}/${cloud}`;
}
