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
} from "../wire/catalog";
import { ApiResource } from "./apiResource";
import type { Query, RequestOptions, Transport } from "./transport";

/** `/v2/catalog`: the GPU types, CPU flavors and data centers on offer. */
export class CatalogClient extends ApiResource {
  constructor(transport: Transport) {
    super(transport, "/v2/catalog");
  }

  /**
   * The GPU types. With `availability`, each carries its stock level for that configuration, the data centers
   * offering it, and its CUDA versions; types with no data center in `countryCodes` are left out.
   */
  async gpus(availability?: GpuAvailabilityQuery, options?: RequestOptions): Promise<GpuType[]> {
    return (await this.transport.get(this.at("gpus"), gpuTypeListSchema, options, gpuQuery(availability))).gpus;
  }

  /** One GPU type by id, such as `"NVIDIA L40S"`; with `availability`, as {@link gpus} describes. */
  async gpu(id: string, availability?: GpuAvailabilityQuery, options?: RequestOptions): Promise<GpuType> {
    return this.transport.get(this.at("gpus", { id }), gpuTypeSchema, options, gpuQuery(availability));
  }

  /** The CPU flavors; with `availability`, each carries its stock level and the data centers offering it. */
  async cpus(availability?: CpuAvailabilityQuery, options?: RequestOptions): Promise<CpuType[]> {
    return (await this.transport.get(this.at("cpus"), cpuTypeListSchema, options, cpuQuery(availability))).cpus;
  }

  /** One CPU flavor by id, such as `"cpu5c"`; with `availability`, as {@link cpus} describes. */
  async cpu(id: string, availability?: CpuAvailabilityQuery, options?: RequestOptions): Promise<CpuType> {
    return this.transport.get(this.at("cpus", { id }), cpuTypeSchema, options, cpuQuery(availability));
  }

  /** The data centers, filtered by the API. */
  async dataCenters(query: DataCenterQuery = {}, options?: RequestOptions): Promise<DataCenter[]> {
    const { include, regions, networkVolumeTypes, compliance, globalNetwork } = query;
    const filters = {
      include: commaList(include),
      regions: commaList(regions),
      networkVolumeTypes: commaList(networkVolumeTypes),
      compliance: commaList(compliance),
      globalNetwork,
    };
    return (await this.transport.get(this.at("datacenters"), dataCenterListSchema, options, filters)).dataCenters;
  }

  /** One data center by id, such as `"US-TX-3"`, with the availability expansions asked for. */
  async dataCenter(id: string, include?: DataCenterInclude[], options?: RequestOptions): Promise<DataCenter> {
    return this.transport.get(this.at("datacenters", { id }), dataCenterSchema, options, { include: commaList(include) });
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
