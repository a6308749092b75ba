import { CPU_PRODUCTS, GPU_PRODUCTS } from "../data/catalog";
import { commaList, type QueryParameterDoc, queryParameters, type Schema } from "../http/openapiBuilders";
import { cpuCatalogQuery, DATA_CENTER_INCLUDES, gpuCatalogQuery } from "../schemas";

/** The OpenAPI pieces the catalog operations share: their query parameters and errors. */

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

export const gpuParameters = queryParameters(gpuCatalogQuery, {
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
export const gpuErrors = {
  400: "Invalid query: `include` without `product`, a scoping parameter without `include`, or both CUDA filters",
  422: "A country code or CUDA version that cannot be read; each listed",
};

export const cpuParameters = queryParameters(cpuCatalogQuery, {
  include,
  product: product(CPU_PRODUCTS),
  vcpuCount: scoping("vCPUs of the instance to rate, a power of two; default the flavor's smallest", {
    type: "integer",
    minimum: 2,
  }),
});
export const cpuErrors = { 400: "Invalid query: `include` without `product`, or `product`/`vcpuCount` without `include`" };

export const dataCenterInclude: QueryParameterDoc = {
  description: "Adds what the data center offers of each GPU type or CPU flavor",
  schema: commaList(DATA_CENTER_INCLUDES),
  commaSeparated: true,
};
