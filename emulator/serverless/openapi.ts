import { createEndpointRequest, updateEndpointRequest } from "../schemas";
import {
  type Endpoint,
  type EndpointGpuConfig,
  ENDPOINT_TYPES,
  FLASHBOOT_MODES,
  type Release,
  type Worker,
  WORKER_STATUSES,
} from "../wire";
import {
  arrayOf,
  boolean,
  dateTime,
  described,
  enumOf,
  idParameter,
  integer,
  listOf,
  nullable,
  number,
  object,
  operationsOf,
  ownResource,
  READ_ONLY_KEY,
  ref,
  requestSchema,
  string,
  stringMap,
  type TagSection,
  wireObject,
} from "../http/openapiBuilders";

const tag = {
  name: "Serverless",
  description: "Serverless endpoints (queue-based or load-balancing), their workers, worker logs and releases.",
};
const operation = operationsOf(tag.name);
const endpointId = idParameter("Endpoint id");
const workerId = { name: "workerId", in: "path", required: true, description: "Worker id", schema: string };

const queueUrls = object(
  Object.fromEntries(["run", "runSync", "status", "stream", "cancel", "retry", "purgeQueue", "health"].map((key) => [key, string])),
);

const endpoint = wireObject<Endpoint>(
  {
    id: string,
    name: string,
    type: enumOf(ENDPOINT_TYPES),
    requestUrls: described(
      { oneOf: [{ ...queueUrls, additionalProperties: false }, { ...object({ base: string, health: string }), additionalProperties: false }] },
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

export const serverless: TagSection = {
  tag,
  schemas: {
    Endpoint: endpoint,
    CreateEndpointRequest: requestSchema(createEndpointRequest),
    UpdateEndpointRequest: requestSchema(updateEndpointRequest),
    Worker: worker,
    Release: release,
  },
  paths: {
    "/v2/serverless": {
      get: operation({
        operationId: "listEndpoints",
        summary: "List the account's serverless endpoints",
        ok: { status: 200, description: "The endpoints", schema: listOf("endpoints", "Endpoint") },
      }),
      post: operation({
        operationId: "createEndpoint",
        summary: "Create a serverless endpoint",
        description:
          "Exactly one of `gpu` (serverless pools) or `cpu`. With `templateId` (a serverless template), the template " +
          "supplies the container settings the body leaves out; `env` is merged per key. A LOAD_BALANCER endpoint " +
          "scales on REQUEST_COUNT. The endpoint accepts jobs at once.",
        body: "CreateEndpointRequest",
        ok: { status: 201, description: "The created endpoint", schema: ref("Endpoint") },
        errors: {
          400: "Invalid body, neither or both compute families, unknown pool, CPU flavor, data center or registry, " +
            "exclusions outside the pools, a CUDA set with a floor, workers.min above max, or idleTimeout where it does not apply",
          403: `${READ_ONLY_KEY}, or a referenced resource belongs to another account`,
          404: "No template or network volume the caller may use has this id",
          422: "No image and no template, a pod template, or QUEUE_DELAY scaling on a LOAD_BALANCER endpoint",
        },
      }),
    },
    "/v2/serverless/{id}": {
      get: operation({
        operationId: "getEndpoint",
        summary: "Read a serverless endpoint",
        parameters: [endpointId],
        ok: { status: 200, description: "The endpoint", schema: ref("Endpoint") },
        errors: ownResource("endpoint", "read"),
      }),
      patch: operation({
        operationId: "updateEndpoint",
        summary: "Change a serverless endpoint in place",
        description:
          "`type` and the compute family never change. `gpu.pools` replaces the pools and their exclusions together. " +
          "A container change (image, args, disk, env, ports, registry) adds a release.",
        parameters: [endpointId],
        body: "UpdateEndpointRequest",
        ok: { status: 200, description: "The updated endpoint", schema: ref("Endpoint") },
        errors: {
          400: "Invalid body (type included), the other compute family, or a rule of create",
          ...ownResource("endpoint", "write"),
          422: "A pod template, or QUEUE_DELAY scaling on a LOAD_BALANCER endpoint",
        },
      }),
      delete: operation({
        operationId: "deleteEndpoint",
        summary: "Delete an endpoint with its configuration, worker logs and job history",
        parameters: [endpointId],
        ok: { status: 204, description: "Deleted" },
        errors: ownResource("endpoint", "write"),
      }),
    },
    "/v2/serverless/{id}/workers": {
      get: operation({
        operationId: "listEndpointWorkers",
        summary: "List an endpoint's workers",
        parameters: [endpointId],
        ok: {
          status: 200,
          description: "The workers, counted by status",
          schema: object({
            workers: arrayOf(ref("Worker")),
            summary: object(Object.fromEntries(["running", "idle", "initializing", "throttled", "unhealthy", "total"].map((key) => [key, integer]))),
            endpointVersion: nullable(integer),
          }),
        },
        errors: ownResource("endpoint", "read"),
      }),
    },
    "/v2/serverless/{id}/releases": {
      get: operation({
        operationId: "listEndpointReleases",
        summary: "List an endpoint's releases, newest first",
        parameters: [endpointId],
        ok: {
          status: 200,
          description: "The releases and the rollout",
          schema: object({
            endpointVersion: nullable(integer),
            rollout: object({ inProgress: boolean, workersOnLatest: integer, workersTotal: integer, percentOnLatest: integer }),
            releases: arrayOf(ref("Release")),
          }),
        },
        errors: ownResource("endpoint", "read"),
      }),
    },
    "/v2/serverless/{id}/workers/{workerId}/logs": {
      get: operation({
        operationId: "getWorkerLogs",
        summary: "Read a worker's logs as Server-Sent Events",
        description: "Each event's data is `{source, line, ts}` and its id is `ts`.",
        parameters: [endpointId, workerId],
        ok: { status: 200, description: "The event stream", schema: string, contentType: "text/event-stream" },
        errors: { 403: "The endpoint belongs to another account", 404: "No such endpoint or worker" },
      }),
    },
  },
};
