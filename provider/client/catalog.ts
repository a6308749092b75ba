import {
  type CpuType,
  cpuTypeListSchema,
  cpuTypeSchema,
  type DataCenter,
  dataCenterListSchema,
  dataCenterSchema,
  type GpuType,
  gpuTypeListSchema,
  gpuTypeSchema,
} from "../schemas/catalog";
import type { Transport } from "./transport";

/** `/v2/catalog`: the GPU types, CPU flavors and data centers on offer. */
export class CatalogClient {
  constructor(private readonly transport: Transport) {}

  async gpus(signal?: AbortSignal): Promise<GpuType[]> {
    const { gpus } = await this.transport.json({ method: "GET", path: "/v2/catalog/gpus", schema: gpuTypeListSchema, signal });
    return gpus;
  }

  async gpu(id: string, signal?: AbortSignal): Promise<GpuType> {
    return this.transport.json({ method: "GET", path: `/v2/catalog/gpus/${encodeURIComponent(id)}`, schema: gpuTypeSchema, signal });
  }

  async cpus(signal?: AbortSignal): Promise<CpuType[]> {
    const { cpus } = await this.transport.json({ method: "GET", path: "/v2/catalog/cpus", schema: cpuTypeListSchema, signal });
    return cpus;
  }

  async cpu(id: string, signal?: AbortSignal): Promise<CpuType> {
    return this.transport.json({ method: "GET", path: `/v2/catalog/cpus/${encodeURIComponent(id)}`, schema: cpuTypeSchema, signal });
  }

  async dataCenters(signal?: AbortSignal): Promise<DataCenter[]> {
    const { dataCenters } = await this.transport.json({
      method: "GET",
      path: "/v2/catalog/datacenters",
      schema: dataCenterListSchema,
      signal,
    });
    return dataCenters;
  }

  async dataCenter(id: string, signal?: AbortSignal): Promise<DataCenter> {
    return this.transport.json({
      method: "GET",
      path: `/v2/catalog/datacenters/${encodeURIComponent(id)}`,
      schema: dataCenterSchema,
      signal,
    });
  }
}
