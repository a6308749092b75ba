import type { Operation } from "../http/operation";
import { getCpuType, listCpuTypes } from "./cpuTypes";
import { getDataCenter } from "./getDataCenter";
import { getGpuType, listGpuTypes } from "./gpuTypes";
import { listDataCenters } from "./listDataCenters";

/**
 * Every operation on `/v2/catalog/gpus`, `/cpus` and `/datacenters`, each with a `/{id}` read, in the order the
 * OpenAPI description lists them. GPU types and CPU flavors are one product line each; data centers, one file an
 * operation.
 */
export const CATALOG_OPERATIONS: readonly Operation[] = [
  listGpuTypes,
  getGpuType,
  listCpuTypes,
  getCpuType,
  listDataCenters,
  getDataCenter,
];
