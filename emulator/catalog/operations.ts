import type { Operation } from "../http/operation";
import { getCpuType } from "./getCpuType";
import { getDataCenter } from "./getDataCenter";
import { getGpuType } from "./getGpuType";
import { listCpuTypes } from "./listCpuTypes";
import { listDataCenters } from "./listDataCenters";
import { listGpuTypes } from "./listGpuTypes";

/**
 * Every operation on `/v2/catalog/gpus`, `/cpus` and `/datacenters`, each with a `/{id}` read, one file each, in the
 * order the OpenAPI description lists them.
 */
export const CATALOG_OPERATIONS: readonly Operation[] = [
  listGpuTypes,
  getGpuType,
  listCpuTypes,
  getCpuType,
  listDataCenters,
  getDataCenter,
];
