import { CPU_STOCK, GPU_STOCK, type GpuStock } from "../data/stock";
import { Problem } from "../http/problem";
import type { Cloud } from "../wire";

/** How the detail of a capacity error starts; a client tells a capacity error from a bad request by it. */
export const CAPACITY_ERROR_PREFIX = "There are no instances available with the requested specifications";

/** Idle stock, to script scarcity; every time is on the emulator's clock (`EmulatorOptions.clock`). */
export interface StockController {
  /** Sets the idle stock of a GPU type in a data center, replacing the fields given; the data center must carry the type. */
  setGpu(gpuTypeId: string, dataCenterId: string, idle: Partial<GpuStock>): void;
  /** At `atMs` (emulator clock, epoch ms) the given idle stock is added back to the type in that data center. */
  freeGpuAt(atMs: number, gpuTypeId: string, dataCenterId: string, idle: Partial<GpuStock>): void;
  /** Idle stock of a GPU type in a data center now; undefined where the data center does not carry the type. */
  gpu(gpuTypeId: string, dataCenterId: string): GpuStock | undefined;
}

/** Idle stock as availability reads it. */
export interface StockReader {
  gpu(gpuTypeId: string, dataCenterId: string): GpuStock | undefined;
  /** Idle vCPUs of a CPU flavor in a data center now; undefined where the data center does not carry the flavor. */
  cpu(cpuTypeId: string, dataCenterId: string): number | undefined;
}

/**
 * What one pod, cluster member or serverless worker holds while it runs: `count` GPUs of a type in a cloud, whole
 * cluster nodes of a GPU type (secure cloud), or vCPUs of a CPU flavor (secure cloud).
 */
export interface Demand {
  pool: "gpu" | "clusterNode" | "cpu";
  /** GPU type id or CPU flavor id. */
  typeId: string;
  cloud: Cloud;
  /** GPUs, nodes or vCPUs; a positive integer. */
  count: number;
}

/** A demand that fit none of the data centers looked at. */
export interface Shortage {
  demand: Demand;
  /** The data centers offering it that were looked at, all full. */
  dataCenterIds: readonly string[];
}

/** Where stock is held: a demand taken from a data center's idle stock. */
export interface Holding {
  demand: Demand;
  dataCenterId: string;
}

/** Per GPU type id and data center id, the stock of the given fields, for `EmulatorOptions.gpuStock`. */
export type GpuStockOverrides = Record<string, Record<string, Partial<GpuStock>>>;

const GPU_STOCK_FIELDS = ["secure", "community", "clusterNodes"] as const;

/**
 * A running emulator's own idle stock, seeded from `data/stock.ts`: creates take from it, stops and deletes give back.
 * Stock freed at a time joins lazily, on the first read at or after that time, so no timer runs.
 */
export class LiveStock implements StockController, StockReader {
  private readonly gpus = new Map<string, Map<string, GpuStock>>();
  private readonly cpus = new Map<string, Map<string, number>>();
  private pendingFrees: Array<{ atMs: number; gpuTypeId: string; dataCenterId: string; idle: Partial<GpuStock> }> = [];

  constructor(
    private readonly clock: () => number,
    overrides: GpuStockOverrides = {},
  ) {
    for (const [typeId, sites] of Object.entries(GPU_STOCK)) {
      this.gpus.set(typeId, new Map(Object.entries(sites).map(([dataCenterId, stock]) => [dataCenterId, { ...stock }])));
    }
    for (const [typeId, sites] of Object.entries(CPU_STOCK)) this.cpus.set(typeId, new Map(Object.entries(sites)));
    for (const [typeId, sites] of Object.entries(overrides)) {
      for (const [dataCenterId, idle] of Object.entries(sites)) this.setGpu(typeId, dataCenterId, idle);
    }
  }

  setGpu(gpuTypeId: string, dataCenterId: string, idle: Partial<GpuStock>): void {
    Object.assign(this.carried(gpuTypeId, dataCenterId), checkedIdle(idle));
  }

  freeGpuAt(atMs: number, gpuTypeId: string, dataCenterId: string, idle: Partial<GpuStock>): void {
    if (!Number.isFinite(atMs)) throw new Error(`freeGpuAt: atMs must be a time in epoch milliseconds, not ${atMs}`);
    this.carried(gpuTypeId, dataCenterId);
    this.pendingFrees.push({ atMs, gpuTypeId, dataCenterId, idle: checkedIdle(idle) });
  }

  gpu(gpuTypeId: string, dataCenterId: string): GpuStock | undefined {
    this.applyDueFrees();
    const stock = this.gpus.get(gpuTypeId)?.get(dataCenterId);
    return stock === undefined ? undefined : { ...stock };
  }

  cpu(cpuTypeId: string, dataCenterId: string): number | undefined {
    return this.cpus.get(cpuTypeId)?.get(dataCenterId);
  }

  /** Idle units of the demand's pool in a data center now; undefined where the data center does not offer it. */
  idle(demand: Demand, dataCenterId: string): number | undefined {
    if (demand.pool === "cpu") return this.cpu(demand.typeId, dataCenterId);
    const stock = this.gpu(demand.typeId, dataCenterId);
    if (demand.pool === "clusterNode") return stock?.clusterNodes;
    return demand.cloud === "SECURE" ? stock?.secure : stock?.community;
  }

  /** Whether the data center has the whole demand idle now. */
  fits(demand: Demand, dataCenterId: string): boolean {
    return (this.idle(demand, dataCenterId) ?? 0) >= demand.count;
  }

  /** Takes the demand from the data center's idle stock; the capacity error when it does not fit. */
  take(demand: Demand, dataCenterId: string): void {
    if (!this.fits(demand, dataCenterId)) throw capacityError({ demand, dataCenterIds: [dataCenterId] });
    this.add(demand, dataCenterId, -demand.count);
  }

  /** Gives the demand back to the data center's idle stock. */
  giveBack(demand: Demand, dataCenterId: string): void {
    this.add(demand, dataCenterId, demand.count);
  }

  private add(demand: Demand, dataCenterId: string, units: number): void {
    if (demand.pool === "cpu") {
      const sites = this.cpus.get(demand.typeId);
      sites?.set(dataCenterId, (sites.get(dataCenterId) ?? 0) + units);
      return;
    }
    const stock = this.carried(demand.typeId, dataCenterId);
    if (demand.pool === "clusterNode") stock.clusterNodes = (stock.clusterNodes ?? 0) + units;
    else if (demand.cloud === "SECURE") stock.secure += units;
    else stock.community += units;
  }

  private applyDueFrees(): void {
    const now = this.clock();
    const due = this.pendingFrees.filter((free) => free.atMs <= now);
    if (due.length === 0) return;
    this.pendingFrees = this.pendingFrees.filter((free) => free.atMs > now);
    for (const { gpuTypeId, dataCenterId, idle } of due) {
      const stock = this.carried(gpuTypeId, dataCenterId);
      for (const field of GPU_STOCK_FIELDS) {
        const freed = idle[field];
        if (freed !== undefined) stock[field] = (stock[field] ?? 0) + freed;
      }
    }
  }

  /** The live stock record of a type in a data center carrying it; throws naming what is unknown. */
  private carried(gpuTypeId: string, dataCenterId: string): GpuStock {
    const sites = this.gpus.get(gpuTypeId);
    if (sites === undefined) throw new Error(`Unknown GPU type "${gpuTypeId}"; known: ${[...this.gpus.keys()].join(", ")}`);
    const stock = sites.get(dataCenterId);
    if (stock === undefined) {
      throw new Error(`Data center "${dataCenterId}" does not carry "${gpuTypeId}"; it is carried in ${[...sites.keys()].join(", ")}`);
    }
    return stock;
  }
}

/** The capacity error: 400 naming each configuration that is short and the data centers looked at for it. */
export function capacityError(...shortages: Shortage[]): Problem {
  const short = shortages.map(({ demand, dataCenterIds }) => `${describeDemand(demand)} in ${dataCenterIds.join(", ")}`);
  return new Problem(400, `${CAPACITY_ERROR_PREFIX}: ${short.join("; ")}`);
}

/** E.g. `2 x NVIDIA H100 80GB HBM3 (SECURE)`, `4 x NVIDIA H100 80GB HBM3 cluster node (SECURE)`, `8 x cpu3c vCPU (SECURE)`. */
export function describeDemand(demand: Demand): string {
  const unit = { gpu: "", clusterNode: " cluster node", cpu: " vCPU" }[demand.pool];
  return `${demand.count} x ${demand.typeId}${unit} (${demand.cloud})`;
}

/** Only the given fields, each a non-negative integer; throws naming the field otherwise. */
function checkedIdle(idle: Partial<GpuStock>): Partial<GpuStock> {
  const checked: Partial<GpuStock> = {};
  for (const field of GPU_STOCK_FIELDS) {
    const value = idle[field];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Idle stock ${field} must be a non-negative integer, not ${value}`);
    checked[field] = value;
  }
  return checked;
}
