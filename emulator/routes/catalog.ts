import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  availabilityOf,
  CPU_OFFERS,
  type CpuOffer,
  DATA_CENTERS,
  type DataCenter,
  GPU_OFFERS,
  type GpuOffer,
} from "../catalog";
import { Problem } from "../problem";
import { idParam, serveMethods } from "../routing";
import { cpuCatalogQuery, dataCenterCatalogQuery, gpuCatalogQuery } from "../schemas";
import { parseQuery } from "../validation";

/** `/v2/catalog/gpus`, `/v2/catalog/cpus` and `/v2/catalog/datacenters`, each with a `/{id}` read. */
export function registerCatalogRoutes(app: FastifyInstance): void {
  const gpus = (request: FastifyRequest) => {
    const withAvailability = wantsAvailability(parseQuery(gpuCatalogQuery, request.query));
    return GPU_OFFERS.map((offer) => renderGpu(offer, withAvailability));
  };
  serveMethods(app, "/catalog/gpus", { GET: async (request) => ({ gpus: gpus(request) }) });
  serveMethods(app, "/catalog/gpus/:id", {
    GET: async (request) => findOr404(gpus(request), idParam(request), "GPU type"),
  });

  const cpus = (request: FastifyRequest) => {
    const withAvailability = wantsAvailability(parseQuery(cpuCatalogQuery, request.query));
    return CPU_OFFERS.map((offer) => renderCpu(offer, withAvailability));
  };
  serveMethods(app, "/catalog/cpus", { GET: async (request) => ({ cpus: cpus(request) }) });
  serveMethods(app, "/catalog/cpus/:id", {
    GET: async (request) => findOr404(cpus(request), idParam(request), "CPU flavor"),
  });

  const dataCenters = (request: FastifyRequest) => {
    const include = parseQuery(dataCenterCatalogQuery, request.query).include ?? [];
    return DATA_CENTERS.map((dataCenter) =>
      renderDataCenter(dataCenter, include.includes("GPU_AVAILABILITY"), include.includes("CPU_AVAILABILITY")),
    );
  };
  serveMethods(app, "/catalog/datacenters", { GET: async (request) => ({ dataCenters: dataCenters(request) }) });
  serveMethods(app, "/catalog/datacenters/:id", {
    GET: async (request) => findOr404(dataCenters(request), idParam(request), "Data center"),
  });
}

/** Availability depends on the product, so asking for it requires naming one, and naming one requires asking. */
function wantsAvailability(query: { include?: string[] | undefined; product?: string[] | undefined }): boolean {
  const include = query.include?.includes("AVAILABILITY") ?? false;
  if (include && query.product === undefined) throw new Problem(400, "include=AVAILABILITY requires product");
  if (!include && query.product !== undefined) throw new Problem(400, "product is valid only with include=AVAILABILITY");
  return include;
}

function findOr404<Entry extends { id: string }>(entries: Entry[], id: string, kind: string): Entry {
  const entry = entries.find((candidate) => candidate.id === id);
  if (entry === undefined) throw new Problem(404, `${kind} "${id}" not found`);
  return entry;
}

function renderGpu(offer: GpuOffer, withAvailability: boolean) {
  if (!withAvailability) return { ...offer.type };
  const cudaVersions = offer.cudaVersions.map((version) => ({ version, available: true }));
  return { ...offer.type, ...availabilityOf(offer.offeredIn), ...(cudaVersions.length > 0 ? { cudaVersions } : {}) };
}

function renderCpu(offer: CpuOffer, withAvailability: boolean) {
  return withAvailability ? { ...offer.type, ...availabilityOf(offer.offeredIn) } : { ...offer.type };
}

function renderDataCenter(dataCenter: DataCenter, withGpus: boolean, withCpus: boolean) {
  const offeredHere = (offers: ReadonlyArray<GpuOffer | CpuOffer>) =>
    offers.flatMap((offer) => {
      const availability = offer.offeredIn[dataCenter.id];
      return availability === undefined ? [] : [{ id: offer.type.id, name: offer.type.name, availability }];
    });
  const gpuAvailability = withGpus ? offeredHere(GPU_OFFERS) : [];
  const cpuAvailability = withCpus ? offeredHere(CPU_OFFERS) : [];
  return {
    ...dataCenter,
    ...(gpuAvailability.length > 0 ? { gpuAvailability } : {}),
    ...(cpuAvailability.length > 0 ? { cpuAvailability } : {}),
  };
}
