import {
  COMPLIANCE_CERTIFICATIONS,
  CPU_PRODUCTS,
  type CpuType,
  DATA_CENTER_REGIONS,
  type DataCenter,
  GPU_PRODUCTS,
  type GpuType,
} from "../data/catalog";
import {
  AVAILABILITY_LEVELS,
  type cpusAt,
  type cudaVersionsIn,
  type DataCenterAvailability,
  type gpusAt,
  type RenderedAvailability,
} from "./availability";
import {
  cpuCatalogQuery,
  DATA_CENTER_INCLUDES,
  dataCenterCatalogQuery,
  dataCenterListQuery,
  gpuCatalogQuery,
} from "../schemas";
import { VOLUME_TYPES } from "../wire";
import {
  arrayOf,
  boolean,
  commaList,
  described,
  enumOf,
  idParameter,
  integer,
  listOf,
  nullable,
  number,
  operationsOf,
  type QueryParameterDoc,
  queryParameters,
  ref,
  type Schema,
  string,
  type TagSection,
  wireObject,
} from "../http/openapiBuilders";

const tag = { name: "Catalog", description: "GPU types, CPU flavors and data centers, with prices and current availability." };
const operation = operationsOf(tag.name);

/** A GPU type as answered: availability only when asked for, `cudaVersions` only where the type has stock. */
type RenderedGpuType = GpuType & Partial<RenderedAvailability> & { cudaVersions?: ReturnType<typeof cudaVersionsIn> };
type RenderedCpuType = CpuType & Partial<RenderedAvailability>;
type RenderedDataCenter = DataCenter & {
  gpuAvailability?: ReturnType<typeof gpusAt>;
  cpuAvailability?: ReturnType<typeof cpusAt>;
};

const availability = {
  availability: described(ref("AvailabilityLevel"), "The best level of any data center offering the configuration."),
  dataCenters: described(
    arrayOf(ref("DataCenterAvailability")),
    "Each data center offering the configuration; absent when none does.",
  ),
};

const include: QueryParameterDoc = {
  description: "`AVAILABILITY` adds availability for the configuration the other parameters describe",
  schema: commaList(["AVAILABILITY"]),
  commaSeparated: true,
};
const product = (products: readonly string[]): QueryParameterDoc => ({
  description: "Products to rate availability for; required with `include`",
  schema: commaList(products),
  commaSeparated: true,
});
/** A parameter that scopes the availability asked for, and so is refused without `include`. */
const scoping = (description: string, schema?: Schema): QueryParameterDoc => ({
  description: `${description} (with \`include\` only)`,
  ...(schema === undefined ? {} : { schema }),
});

const gpuParameters = queryParameters(gpuCatalogQuery, {
  include,
  product: product(GPU_PRODUCTS),
  count: scoping("GPUs per pod, worker or cluster node", { type: "integer", minimum: 1, default: 1 }),
  cloud: scoping("Cloud to rate; default SECURE"),
  countryCodes: {
    ...scoping("Only data centers in these ISO 3166-1 alpha-2 countries; also drops types carried in none of them", {
      type: "array",
      items: { type: "string", pattern: "^[A-Z]{2}$" },
    }),
    commaSeparated: true,
  },
  cudaVersions: {
    ...scoping("Only hosts with one of these CUDA versions", { type: "array", items: { type: "string", pattern: "^\\d+\\.\\d+$" } }),
    commaSeparated: true,
  },
  minCudaVersion: scoping("Only hosts with at least this CUDA version (`12` or `12.4`); excludes `cudaVersions`", {
    type: "string",
    pattern: "^\\d+(\\.\\d+)?$",
  }),
});
const gpuErrors = {
  400: "Invalid query: `include` without `product`, a scoping parameter without `include`, or both CUDA filters",
  422: "A country code or CUDA version that cannot be read; each listed",
};

const cpuParameters = queryParameters(cpuCatalogQuery, {
  include,
  product: product(CPU_PRODUCTS),
  vcpuCount: scoping("vCPUs of the instance to rate, a power of two; default the flavor's smallest", {
    type: "integer",
    minimum: 2,
  }),
});
const cpuErrors = { 400: "Invalid query: `include` without `product`, or `product`/`vcpuCount` without `include`" };

const dataCenterInclude: QueryParameterDoc = {
  description: "Adds what the data center offers of each GPU type or CPU flavor",
  schema: commaList(DATA_CENTER_INCLUDES),
  commaSeparated: true,
};

export const catalog: TagSection = {
  tag,
  schemas: {
    AvailabilityLevel: enumOf(AVAILABILITY_LEVELS),
    DataCenterAvailability: wireObject<DataCenterAvailability>({ id: string, name: string, availability: ref("AvailabilityLevel") }),
    GpuType: wireObject<RenderedGpuType>(
      {
        id: string,
        name: string,
        pool: described(nullable(string), "Serverless pool; null for types serverless does not offer."),
        manufacturer: enumOf(["NVIDIA", "AMD"]),
        memory: described(integer, "GB"),
        secure: boolean,
        community: boolean,
        price: described(
          wireObject<GpuType["price"]>({ secure: number, community: number, serverless: number }, { serverless: true }),
          "USD per GPU-hour",
        ),
        maxCount: wireObject<GpuType["maxCount"]>({ secure: integer, community: integer }),
        ...availability,
        cudaVersions: arrayOf(wireObject<ReturnType<typeof cudaVersionsIn>[number]>({ version: string, available: boolean })),
      },
      { availability: true, dataCenters: true, cudaVersions: true },
    ),
    CpuType: wireObject<RenderedCpuType>(
      {
        id: string,
        name: string,
        group: string,
        vcpu: wireObject<CpuType["vcpu"]>({ min: integer, max: integer }),
        ramGbPerVcpu: number,
        price: described(wireObject<CpuType["price"]>({ securePerVcpu: number, serverlessPerVcpu: number }), "USD per vCPU-hour"),
        ...availability,
      },
      { availability: true, dataCenters: true },
    ),
    DataCenter: wireObject<RenderedDataCenter>(
      {
        id: string,
        name: string,
        region: enumOf(DATA_CENTER_REGIONS),
        globalNetwork: boolean,
        networkVolumeTypes: arrayOf(enumOf(VOLUME_TYPES)),
        compliance: arrayOf(enumOf(COMPLIANCE_CERTIFICATIONS)),
        gpuAvailability: described(arrayOf(ref("DataCenterAvailability")), "With GPU_AVAILABILITY, when it carries any GPU."),
        cpuAvailability: described(arrayOf(ref("DataCenterAvailability")), "With CPU_AVAILABILITY, when it carries any CPU."),
      },
      { gpuAvailability: true, cpuAvailability: true },
    ),
  },
  paths: {
    "/v2/catalog/gpus": {
      get: operation({
        operationId: "listGpuTypes",
        summary: "List GPU types",
        parameters: gpuParameters,
        ok: { status: 200, description: "GPU types", schema: listOf("gpus", "GpuType") },
        errors: gpuErrors,
      }),
    },
    "/v2/catalog/gpus/{id}": {
      get: operation({
        operationId: "getGpuType",
        summary: "Read a GPU type (URL-encode the id)",
        parameters: [idParameter("GPU type id"), ...gpuParameters],
        ok: { status: 200, description: "The GPU type", schema: ref("GpuType") },
        errors: { ...gpuErrors, 404: "No such GPU type" },
      }),
    },
    "/v2/catalog/cpus": {
      get: operation({
        operationId: "listCpuTypes",
        summary: "List CPU flavors",
        parameters: cpuParameters,
        ok: { status: 200, description: "CPU flavors", schema: listOf("cpus", "CpuType") },
        errors: cpuErrors,
      }),
    },
    "/v2/catalog/cpus/{id}": {
      get: operation({
        operationId: "getCpuType",
        summary: "Read a CPU flavor",
        parameters: [idParameter("CPU flavor id"), ...cpuParameters],
        ok: { status: 200, description: "The CPU flavor", schema: ref("CpuType") },
        errors: { ...cpuErrors, 404: "No such CPU flavor" },
      }),
    },
    "/v2/catalog/datacenters": {
      get: operation({
        operationId: "listDataCenters",
        summary: "List data centers",
        description: "Filters combine with AND; the regions listed combine with OR.",
        parameters: queryParameters(dataCenterListQuery, {
          include: dataCenterInclude,
          regions: { description: "Only data centers in one of these regions", schema: commaList(DATA_CENTER_REGIONS), commaSeparated: true },
          networkVolumeTypes: {
            description: "Only data centers offering every one of these volume types",
            schema: commaList(VOLUME_TYPES),
            commaSeparated: true,
          },
          compliance: {
            description: "Only data centers holding every one of these certifications",
            schema: commaList(COMPLIANCE_CERTIFICATIONS),
            commaSeparated: true,
          },
          globalNetwork: { description: "Only data centers with (`true`) or without (`false`) the global network" },
        }),
        ok: { status: 200, description: "Data centers", schema: listOf("dataCenters", "DataCenter") },
        errors: { 400: "Invalid query" },
      }),
    },
    "/v2/catalog/datacenters/{id}": {
      get: operation({
        operationId: "getDataCenter",
        summary: "Read a data center",
        parameters: [idParameter("Data center id"), ...queryParameters(dataCenterCatalogQuery, { include: dataCenterInclude })],
        ok: { status: 200, description: "The data center", schema: ref("DataCenter") },
        errors: { 400: "Invalid query", 404: "No such data center" },
      }),
    },
  },
};
