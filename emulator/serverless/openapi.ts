import {
  arrayOf,
  boolean,
  dateTime,
  described,
  enumOf,
  integer,
  nullable,
  number,
  object,
  requestSchema,
  string,
  stringMap,
  wireObject,
} from "../http/openapiBuilders";
import { createEndpointRequest, updateEndpointRequest } from "./requests";
import {
  type Endpoint,
  type EndpointGpuConfig,
  ENDPOINT_TYPES,
  FLASHBOOT_MODES,
  type Release,
  type Worker,
  WORKER_STATUSES,
} from "../wire";

/** The OpenAPI tag of serverless endpoints. */
export const SERVERLESS_TAG = {
  name: "Serverless",
  description: "Serverless endpoints (queue-based or load-balancing), their workers, worker logs and releases.",
};

const queueUrls = object(
  Object.fromEntries(["run", "runSync", "status", "stream", "cancel", "retry", "purgeQueue", "health"].map((key) => [key, string])),
);

const endpoint = wireObject<Endpoint>(
  {
    id: string,
    name: string,
    type: enumOf(ENDPOINT_TYPES),
    requestUrls: described(
      {
        oneOf: [
          { ...queueUrls, additionalProperties: false },
          { ...object({ base: string, health: string }), additionalProperties: false },
        ],
      },
      "Where the endpoint answers on this emulator, with the API key. A QUEUE endpoint's job URLs, `{job_id}` standing " +
        "for a job's id in status, stream, cancel and retry; a LOAD_BALANCER endpoint's `base` (`/v2/lb/{id}`, " +
        "followed by any worker path) and `health` (its health check path under base).",
    ),
    image: string,
    args: string,
    disk: integer,
    env: stringMap,
    ports: arrayOf(string),
    registry: nullable(string),
    gpu: described(
      nullable(
        wireObject<EndpointGpuConfig>(
          {
            pools: arrayOf(string),
            excludedTypes: arrayOf(string),
            count: integer,
            allowedCudaVersions: arrayOf(string),
            minCudaVersion: nullable(string),
          },
          { excludedTypes: true },
        ),
      ),
      "Null for CPU endpoints.",
    ),
    cpu: described(arrayOf(object({ id: string, vcpuCount: integer, memory: integer })), "CPU endpoints only."),
    workers: wireObject<Endpoint["workers"]>({ min: integer, max: integer, idleTimeout: integer }, { idleTimeout: true }),
    scaling: {
      oneOf: [
        object({ type: { const: "QUEUE_DELAY" }, queueDelay: number }),
        object({ type: { const: "REQUEST_COUNT" }, requestCount: integer }),
      ],
    },
    dataCenterIds: arrayOf(string),
    networkVolumes: arrayOf(string),
    timeout: described(integer, "Per-request execution timeout in milliseconds."),
    flashboot: enumOf(FLASHBOOT_MODES),
    createdAt: dateTime,
  },
  { cpu: true },
);

const worker = wireObject<Worker>({
  id: string,
  status: enumOf(WORKER_STATUSES),
  isStale: boolean,
  version: nullable(integer),
  gpuCount: integer,
  image: nullable(string),
  uptimeSeconds: nullable(integer),
  gpuTypeId: nullable(string),
  dataCenterId: nullable(string),
  startedAt: nullable(dateTime),
});

const release = wireObject<Release>({
  id: string,
  version: nullable(integer),
  source: enumOf(["GIT_BUILD", "MANUAL"]),
  buildId: nullable(string),
  createdByUserId: nullable(string),
  workerCount: integer,
  createdAt: dateTime,
  diff: arrayOf(object({ field: string, old: {}, new: {} })),
});

/** The component schemas of serverless endpoints, their workers and releases. */
export const SERVERLESS_SCHEMAS = {
  Endpoint: endpoint,
  CreateEndpointRequest: requestSchema(createEndpointRequest),
  UpdateEndpointRequest: requestSchema(updateEndpointRequest),
  Worker: worker,
  Release: release,
};
