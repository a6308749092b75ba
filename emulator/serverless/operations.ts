import type { Operation } from "../http/operation";
import { createEndpoint } from "./createEndpoint";
import { deleteEndpoint } from "./deleteEndpoint";
import { getEndpoint } from "./getEndpoint";
import { getWorkerLogs } from "./getWorkerLogs";
import { listEndpointReleases } from "./listEndpointReleases";
import { listEndpointWorkers } from "./listEndpointWorkers";
import { listEndpoints } from "./listEndpoints";
import { updateEndpoint } from "./updateEndpoint";

/** Every operation on `/v2/serverless`, its workers and releases included, one file each, in the order the OpenAPI description lists them. */
export const SERVERLESS_OPERATIONS: readonly Operation[] = [
  listEndpoints,
  createEndpoint,
  getEndpoint,
  updateEndpoint,
  deleteEndpoint,
  listEndpointWorkers,
  listEndpointReleases,
  getWorkerLogs,
];
