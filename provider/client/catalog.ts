import {
  type CpuAvailabilityQuery,
  type CpuType,
  cpuTypeListSchema,
  cpuTypeSchema,
  type DataCenter,
  type DataCenterInclude,
  dataCenterListSchema,
  type DataCenterQuery,
  dataCenterSchema,
  type GpuAvailabilityQuery,
  type GpuType,
  gpuTypeListSchema,
  gpuTypeSchema,
} from "../schemas/catalog";
import type { ApiCall, Transport } from "./transport";

type Query = NonNullable<ApiCall<unknown>["query"]>;

/** `/v2/catalog`: the GPU types, CPU flavors and data centers on offer. */
export class CatalogClient {
  constructor(private readonly transport: Transport) {}

  /**
   * The GPU types. With `availability`, each carries its stock level for that configuration, the data centers
   * offering it, and its CUDA versions; types with no data center in `countryCodes` are left out.
   */
  async gpus(availability?: GpuAvailabilityQuery, signal?: AbortSignal): Promise<GpuType[]> {
    const { gpus } = await this.transport.json({
      method: "GET",
      path: "/v2/catalog/gpus",
      query: gpuQuery(availability),
      schema: gpuTypeListSchema,
      signal,
    });
    return gpus;
  }

  /** One GPU type by id, such as `"NVIDIA L40S"`; with `availability`, as {@link gpus} describes. */
  async gpu(id: string, availability?: GpuAvailabilityQuery, signal?: AbortSignal): Promise<GpuType> {
    return this.transport.json({
      method: "GET",
      path: `/v2/catalog/gpus/${encodeURIComponent(id)}`,
      query: gpuQuery(availability),
      schema: gpuTypeSchema,
      signal,
    });
  }

  /** The CPU flavors; with `availability`, each carries its stock level and the data centers offering it. */
  async cpus(availability?: CpuAvailabilityQuery, signal?: AbortSignal): Promise<CpuType[]> {
    const { cpus } = await this.transport.json({
      method: "GET",
      path: "/v2/catalog/cpus",
      query: cpuQuery(availability),
      schema: cpuTypeListSchema,
      signal,
    });
    return cpus;
  }

  /** One CPU flavor by id, such as `"cpu5c"`; with `availability`, as {@link cpus} describes. */
  async cpu(id: string, availability?: CpuAvailabilityQuery, signal?: AbortSignal): Promise<CpuType> {
    return this.transport.json({
      method: "GET",
      path: `/v2/catalog/cpus/${encodeURIComponent(id)}`,
      query: cpuQuery(availability),
      schema: cpuTypeSchema,
      signal,
    });
  }

  /** The data centers, filtered by the API. */
  async dataCenters(query: DataCenterQuery = {}, signal?: AbortSignal): Promise<DataCenter[]> {
    const { dataCenters } = await this.transport.json({
      method: "GET",
      path: "/v2/catalog/datacenters",
      query: {
        include: commaList(query.include),
        regions: commaList(query.regions),
        networkVolumeTypes: commaList(query.networkVolumeTypes),
        compliance: commaList(query.compliance),
        globalNetwork: query.globalNetwork,
      },
      schema: dataCenterListSchema,
      signal,
    });
    return dataCenters;
  }

  /** One data center by id, such as `"US-TX-3"`, with the availability expansions asked for. */
  async dataCenter(id: string, include?: DataCenterInclude[], signal?: AbortSignal): Promise<DataCenter> {
    return this.transport.json({
      method: "GET",
      path: `/v2/catalog/datacenters/${encodeURIComponent(id)}`,
      query: { include: commaList(include) },
      schema: dataCenterSchema,
      signal,
    });
  }
}

function gpuQuery(availability: GpuAvailabilityQuery | undefined): Query {
  if (availability === undefined) return {};
  return {
    include: "AVAILABILITY",
    product: commaList(availability.product),
    count: availability.count,
    cloud: availability.cloud,
    countryCodes: commaList(availability.countryCodes),
    cudaVersions: commaList(availability.cudaVersions),
    minCudaVersion: availability.minCudaVersion,
  };
}

function cpuQuery(availability: CpuAvailabilityQuery | undefined): Query {
  if (availability === undefined) return {};
  return { include: "AVAILABILITY", product: commaList(availability.product), vcpuCount: availability.vcpuCount };
}

/** A list parameter in the form the API reads (`a,b`); an empty or absent list is not sent. */
function commaList(values: readonly string[] | undefined): string | undefined {
  return values === undefined || values.length === 0 ? undefined : values.join(",");
}
