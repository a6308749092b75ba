import { CPU_OFFERS, GPU_OFFERS } from "../../emulator/catalog/offers";

/** What the migration needs to know of the v2 catalog (`GET /v2/catalog/gpus` and `/cpus`) that v1 left implicit. */
export interface MigrationCatalog {
  /** The serverless pool of each GPU type that is in one, by GPU type id. */
  gpuPools: Readonly<Record<string, string>>;
  /** GB of RAM per vCPU, by CPU flavor id: v1 derived a CPU pod's memory from it, v2 asks for the memory. */
  ramGbPerVcpu: Readonly<Record<string, number>>;
}

/**
 * The catalog this package ships: the GPU types and CPU flavors its emulator serves. A v1 object naming a type or
 * flavor outside it still converts, with a warning or a stack config key to fill in.
 */
export const packagedCatalog: MigrationCatalog = {
  gpuPools: Object.fromEntries(GPU_OFFERS.flatMap(({ type }) => (type.pool === null ? [] : [[type.id, type.pool] as const]))),
  ramGbPerVcpu: Object.fromEntries(CPU_OFFERS.map(({ type }) => [type.id, type.ramGbPerVcpu] as const)),
};
