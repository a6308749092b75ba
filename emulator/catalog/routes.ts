import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { DATA_CENTERS, type DataCenter } from "../data/catalog";
import {
  type CpuAvailabilityScope,
  cpuAvailability,
  cpusAt,
  cudaVersionsIn,
  type GpuAvailabilityScope,
  gpuAvailability,
  gpusAt,
  isCarriedIn,
  type RenderedAvailability,
} from "./availability";
import { CPU_OFFERS, type CpuOffer, GPU_OFFERS, type GpuOffer } from "./offers";
import { Problem } from "../http/problem";
import { idParam, serveMethods } from "../http/routing";
import { cpuCatalogQuery, dataCenterCatalogQuery, dataCenterListQuery, gpuCatalogQuery } from "../schemas";
import { parseQuery } from "../http/validation";

type GpuQuery = z.output<typeof gpuCatalogQuery>;
type CpuQuery = z.output<typeof cpuCatalogQuery>;

/** `/v2/catalog/gpus`, `/v2/catalog/cpus` and `/v2/catalog/datacenters`, each with a `/{id}` read. */
export function registerCatalogRoutes(app: FastifyInstance): void {
  serveMethods(app, "/catalog/gpus", {
    /**
     * `GET /v2/catalog/gpus` (listGpuTypes): list GPU types. Errors: 400: invalid query: `include` without `product`,
     * a scoping parameter without `include`, or both CUDA filters; 422: a country code or CUDA version that cannot be
     * read; each listed.
     */
    GET: async (request) => {
      const scope = gpuScope(parseQuery(gpuCatalogQuery, request.query));
      // Only a country scope drops types from the list; every other scope only changes their availability.
      const carried = GPU_OFFERS.filter((offer) => scope === undefined || isCarriedIn(offer, scope.countries));
      return { gpus: carried.map((offer) => renderGpu(offer, scope)) };
    },
  });
  serveMethods(app, "/catalog/gpus/:id", {
    /**
     * `GET /v2/catalog/gpus/{id}` (getGpuType): read a GPU type (URL-encode the id). Errors: 400: invalid query:
     * `include` without `product`, a scoping parameter without `include`, or both CUDA filters; 404: no such GPU
     * type; 422: a country code or CUDA version that cannot be read; each listed.
     */
    GET: async (request) => {
      const scope = gpuScope(parseQuery(gpuCatalogQuery, request.query));
      return renderGpu(findOr404(GPU_OFFERS, idParam(request), "GPU type"), scope);
    },
  });

  serveMethods(app, "/catalog/cpus", {
    /**
     * `GET /v2/catalog/cpus` (listCpuTypes): list CPU flavors. Errors: 400: invalid query: `include` without
     * `product`, or `product`/`vcpuCount` without `include`.
     */
    GET: async (request) => {
      const scope = cpuScope(parseQuery(cpuCatalogQuery, request.query));
      return { cpus: CPU_OFFERS.map((offer) => renderCpu(offer, scope)) };
    },
  });
  serveMethods(app, "/catalog/cpus/:id", {
    /**
     * `GET /v2/catalog/cpus/{id}` (getCpuType): read a CPU flavor. Errors: 400: invalid query: `include` without
     * `product`, or `product`/`vcpuCount` without `include`; 404: no such CPU flavor.
     */
    GET: async (request) => {
      const scope = cpuScope(parseQuery(cpuCatalogQuery, request.query));
      return renderCpu(findOr404(CPU_OFFERS, idParam(request), "CPU flavor"), scope);
    },
  });

  serveMethods(app, "/catalog/datacenters", {
    /** `GET /v2/catalog/datacenters` (listDataCenters): list data centers. Errors: 400: invalid query. */
    GET: async (request) => {
      const query = parseQuery(dataCenterListQuery, request.query);
      const matching = DATA_CENTERS.filter(
        (dataCenter) =>
          (query.regions === undefined || query.regions.includes(dataCenter.region)) &&
          (query.networkVolumeTypes ?? []).every((type) => dataCenter.networkVolumeTypes.includes(type)) &&
          (query.compliance ?? []).every((certification) => dataCenter.compliance.includes(certification)) &&
          (query.globalNetwork === undefined || dataCenter.globalNetwork === query.globalNetwork),
      );
      return { dataCenters: matching.map((dataCenter) => renderDataCenter(dataCenter, query.include ?? [])) };
    },
  });
  serveMethods(app, "/catalog/datacenters/:id", {
    /**
     * `GET /v2/catalog/datacenters/{id}` (getDataCenter): read a data center. Errors: 400: invalid query; 404: no
     * such data center.
     */
    GET: async (request) => {
      const include = parseQuery(dataCenterCatalogQuery, request.query).include ?? [];
      const dataCenter = DATA_CENTERS.find((candidate) => candidate.id === idParam(request));
      if (dataCenter === undefined) throw new Problem(404, `Data center "${idParam(request)}" not found`);
      return renderDataCenter(dataCenter, include);
    },
  });
}

/** The GPU availability asked for, or undefined when none is. */
function gpuScope(query: GpuQuery): GpuAvailabilityScope | undefined {
  const { count, cloud, countryCodes, cudaVersions, minCudaVersion } = query;
  const scoping = { count, cloud, countryCodes, cudaVersions, minCudaVersion };
  const products = requestedProducts(query, scoping);
  if (products === undefined) return undefined;
  if (cudaVersions !== undefined && minCudaVersion !== undefined) {
    throw new Problem(400, "cudaVersions and minCudaVersion are mutually exclusive");
  }
  refuseMalformed([
    ...entries("countryCodes", countryCodes, /^[A-Z]{2}$/, "must be an uppercase ISO 3166-1 alpha-2 country code"),
    ...entries("cudaVersions", cudaVersions, /^\d+\.\d+$/, "must be a CUDA version like 12.8"),
    ...(minCudaVersion !== undefined && !/^\d+(\.\d+)?$/.test(minCudaVersion)
      ? ["must be a CUDA version like 12 or 12.1 at /minCudaVersion"]
      : []),
  ]);
  return {
    products,
    cloud: cloud ?? "SECURE",
    count: count ?? 1,
    countries: countryCodes ?? [],
    acceptsCuda: (version) =>
      cudaVersions !== undefined
        ? cudaVersions.includes(version)
        : minCudaVersion === undefined || atLeast(version, minCudaVersion),
    constrainsCuda: cudaVersions !== undefined || minCudaVersion !== undefined,
  };
}

function cpuScope(query: CpuQuery): CpuAvailabilityScope | undefined {
  const products = requestedProducts(query, { vcpuCount: query.vcpuCount });
  return products === undefined ? undefined : { products, vcpuCount: query.vcpuCount };
}

/**
 * The products availability is asked for. Availability depends on the product, so asking for it requires naming
 * one, and naming one, like every other scoping parameter, requires asking.
 */
function requestedProducts<Product>(
  query: { include?: string[] | undefined; product?: Product[] | undefined },
  scoping: Record<string, unknown>,
): Product[] | undefined {
  const include = query.include?.includes("AVAILABILITY") ?? false;
  if (include && query.product === undefined) throw new Problem(400, "include=AVAILABILITY requires product");
  if (!include) {
    const given = Object.entries({ product: query.product, ...scoping })
      .filter(([, value]) => value !== undefined)
      .map(([name]) => name);
    if (given.length > 0) {
      throw new Problem(400, `${wordList(given)} ${given.length === 1 ? "is" : "are"} valid only with include=AVAILABILITY`);
    }
  }
  return include ? query.product : undefined;
}

/** The failures of a comma-separated parameter's entries that do not match `pattern`. */
function entries(name: string, values: string[] | undefined, pattern: RegExp, failure: string): string[] {
  return (values ?? []).flatMap((value, index) => (pattern.test(value) ? [] : [`${failure} at /${name}/${index}`]));
}

/** Well-formed parameters whose values cannot be read are a 422, as the reference prescribes for these filters. */
function refuseMalformed(errors: string[]): void {
  if (errors.length > 0) throw new Problem(422, "Query parameters failed validation", errors);
}

/** Whether a major.minor version is at least a floor written as major or major.minor (a bare major means x.0). */
function atLeast(version: string, floor: string): boolean {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  const [floorMajor = 0, floorMinor = 0] = floor.split(".").map(Number);
  return major - floorMajor > 0 || (major === floorMajor && minor >= floorMinor);
}

function wordList(words: string[]): string {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function findOr404<Offer extends { type: { id: string } }>(offers: readonly Offer[], id: string, kind: string): Offer {
  const offer = offers.find((candidate) => candidate.type.id === id);
  if (offer === undefined) throw new Problem(404, `${kind} "${id}" not found`);
  return offer;
}

function renderGpu(offer: GpuOffer, scope: GpuAvailabilityScope | undefined) {
  if (scope === undefined) return { ...offer.type };
  const rendered = gpuAvailability(offer, scope);
  const cudaVersions = cudaVersionsIn(offer, scope, rendered);
  return { ...offer.type, ...withAvailability(rendered), ...(cudaVersions.length > 0 ? { cudaVersions } : {}) };
}

function renderCpu(offer: CpuOffer, scope: CpuAvailabilityScope | undefined) {
  return scope === undefined ? { ...offer.type } : { ...offer.type, ...withAvailability(cpuAvailability(offer, scope)) };
}

/** `dataCenters` is omitted, not empty, when no data center offers the configuration. */
function withAvailability(rendered: RenderedAvailability) {
  const { availability, dataCenters } = rendered;
  return dataCenters.length > 0 ? { availability, dataCenters } : { availability };
}

function renderDataCenter(dataCenter: DataCenter, include: readonly string[]) {
  const gpuAvailability = include.includes("GPU_AVAILABILITY") ? gpusAt(dataCenter.id) : [];
  const cpuAvailability = include.includes("CPU_AVAILABILITY") ? cpusAt(dataCenter.id) : [];
  return {
    ...dataCenter,
    ...(gpuAvailability.length > 0 ? { gpuAvailability } : {}),
    ...(cpuAvailability.length > 0 ? { cpuAvailability } : {}),
  };
}
