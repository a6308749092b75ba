import { z } from "zod";
import { ACTIONS_BY_STATUS } from "./rules";
import {
  createNetworkVolumeRequest,
  createPodRequest,
  podActionRequest,
  updateNetworkVolumeRequest,
  updatePodRequest,
} from "./schemas";
import { CLOUDS, POD_ACTIONS, POD_STATUSES, VOLUME_TYPES } from "./wire";

/** The emulator's own OpenAPI 3.1 description of what it serves, request bodies generated from its validators. */

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: "null" }] });
const object = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({
  type: "object",
  required,
  properties,
});
const string: Schema = { type: "string" };
const integer: Schema = { type: "integer" };
const number: Schema = { type: "number" };
const boolean: Schema = { type: "boolean" };
const arrayOf = (items: Schema): Schema => ({ type: "array", items });
const requestSchema = (schema: z.ZodType): Schema => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

const actionTable = Object.entries(ACTIONS_BY_STATUS)
  .map(([status, actions]) => `- \`${status}\`: ${actions.join(", ") || "none"}`)
  .join("\n");

interface OperationSpec {
  operationId: string;
  summary: string;
  tag: string;
  description?: string;
  parameters?: Schema[];
  body?: string;
  ok: { status: number; description: string; schema?: Schema; contentType?: string };
  errors: number[];
}

function operation(spec: OperationSpec): Schema {
  const { ok } = spec;
  const success: Schema = { description: ok.description, headers: rateLimitHeaders };
  if (ok.schema !== undefined) success.content = { [ok.contentType ?? "application/json"]: { schema: ok.schema } };
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description === undefined ? {} : { description: spec.description }),
    tags: [spec.tag],
    ...(spec.parameters === undefined ? {} : { parameters: spec.parameters }),
    ...(spec.body === undefined
      ? {}
      : { requestBody: { required: true, content: { "application/json": { schema: ref(spec.body) } } } }),
    responses: {
      [ok.status]: success,
      ...Object.fromEntries(
        [401, 429, ...spec.errors].map((status) => [status, { $ref: `#/components/responses/Problem${status}` }]),
      ),
    },
  };
}

const rateLimitHeaders = {
  RateLimit: { $ref: "#/components/headers/RateLimit" },
  "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
};

const idParameter = (description: string): Schema => ({
  name: "id",
  in: "path",
  required: true,
  description,
  schema: string,
});
const queryParameter = (name: string, description: string, schema: Schema): Schema => ({
  name,
  in: "query",
  required: false,
  description,
  schema,
});
const availabilityParameters = (products: readonly string[]): Schema[] => [
  queryParameter("include", "`AVAILABILITY` adds availability, per data center, and CUDA versions.", {
    type: "string",
    enum: ["AVAILABILITY"],
  }),
  queryParameter("product", "Comma-separated product contexts; required with include, invalid without.", {
    type: "string",
    examples: [products.join(",")],
  }),
];

const ERROR_TITLES: Record<number, string> = {
  400: "Invalid request or a broken rule",
  401: "Missing, malformed or unknown bearer token",
  403: "The key may not perform this action or reach this resource",
  404: "No such resource",
  409: "Conflicts with the resource's state",
  422: "Incomplete mount entry",
  429: "Rate limit exceeded; see Retry-After",
};

const podSshEndpoint = object({ host: string, port: integer, username: string, command: string });

const schemas: Record<string, Schema> = {
  Problem: {
    type: "object",
    required: ["title", "status", "detail"],
    properties: { title: string, status: integer, detail: string, errors: arrayOf(string) },
  },
  PodStatus: { type: "string", enum: [...POD_STATUSES] },
  PodAction: { type: "string", enum: [...POD_ACTIONS] },
  Mounts: {
    type: "object",
    additionalProperties: false,
    properties: {
      persistent: object({ size: { type: "integer", minimum: 10 }, path: string }),
      network: { ...arrayOf(object({ volumeId: string, path: string })), maxItems: 1 },
    },
  },
  Pod: {
    type: "object",
    required: [
      "id",
      "name",
      "status",
      "actions",
      "image",
      "args",
      "disk",
      "mounts",
      "ports",
      "env",
      "registry",
      "cloud",
      "dataCenterId",
      "cudaVersion",
      "ssh",
      "template",
      "cost",
      "locked",
      "runtime",
      "createdAt",
      "startedAt",
      "globalNetworking",
    ],
    properties: {
      id: string,
      name: string,
      status: ref("PodStatus"),
      actions: { ...arrayOf(ref("PodAction")), description: "The actions valid in the current status." },
      image: string,
      args: string,
      disk: { type: "integer", minimum: 1 },
      mounts: ref("Mounts"),
      ports: arrayOf(string),
      env: { type: "object", additionalProperties: string },
      registry: nullable(string),
      gpu: { ...object({ id: string, count: integer }), description: "GPU pods only." },
      cpu: { ...object({ id: string, vcpuCount: integer, memory: integer }), description: "CPU pods only." },
      cloud: { type: "string", enum: [...CLOUDS] },
      dataCenterId: nullable(string),
      cudaVersion: { ...nullable(string), description: "Null for CPU pods and until the pod has a machine." },
      ssh: object({
        proxy: { ...nullable(podSshEndpoint), description: "Null until the pod has a machine." },
        direct: { ...nullable(podSshEndpoint), description: "Null unless 22/tcp is published and the pod runs." },
      }),
      template: nullable(string),
      cost: { ...number, description: "USD per hour; 0 when EXITED or TERMINATED." },
      locked: boolean,
      runtime: {
        ...nullable({
          type: "object",
          properties: {
            uptime: integer,
            gpus: arrayOf(object({ util: integer, memoryUtil: integer })),
            cpu: object({ util: integer }),
            memory: object({ util: integer }),
            ports: arrayOf(object({ private: integer, public: nullable(integer), type: string, ip: nullable(string) })),
          },
        }),
        description: "Null unless RUNNING.",
      },
      createdAt: { type: "string", format: "date-time" },
      startedAt: { ...nullable({ type: "string", format: "date-time" }), description: "Null unless RUNNING." },
      globalNetworking: {
        type: "object",
        required: ["enabled"],
        properties: { enabled: boolean, ip: string, internalDns: string },
      },
    },
  },
  NetworkVolume: object({
    id: string,
    name: string,
    size: integer,
    dataCenter: string,
    type: { type: "string", enum: [...VOLUME_TYPES] },
  }),
  GpuType: object({
    id: string,
    name: string,
    pool: nullable(string),
    manufacturer: { type: "string", enum: ["NVIDIA", "AMD"] },
    memory: integer,
    secure: boolean,
    community: boolean,
    price: object({ secure: number, community: number, serverless: number }, ["secure", "community"]),
    maxCount: object({ secure: integer, community: integer }),
  }),
  CpuType: object({
    id: string,
    name: string,
    group: string,
    vcpu: object({ min: integer, max: integer }),
    ramGbPerVcpu: number,
    price: object({ securePerVcpu: number, serverlessPerVcpu: number }),
  }),
  DataCenter: object({
    id: string,
    name: string,
    region: string,
    globalNetwork: boolean,
    networkVolumeTypes: arrayOf({ type: "string", enum: [...VOLUME_TYPES] }),
    compliance: arrayOf(string),
  }),
  CreatePodRequest: requestSchema(createPodRequest),
  UpdatePodRequest: requestSchema(updatePodRequest),
  PodActionRequest: requestSchema(podActionRequest),
  CreateNetworkVolumeRequest: requestSchema(createNetworkVolumeRequest),
  UpdateNetworkVolumeRequest: requestSchema(updateNetworkVolumeRequest),
};

const podId = idParameter("Pod id");
const volumeId = idParameter("Network volume id");

const paths: Record<string, Record<string, Schema>> = {
  "/v2/pods": {
    get: operation({
      operationId: "listPods",
      summary: "List the account's pods",
      tag: "Pods",
      ok: { status: 200, description: "The pods", schema: object({ pods: arrayOf(ref("Pod")) }) },
      errors: [403],
    }),
    post: operation({
      operationId: "createPod",
      summary: "Create a pod",
      tag: "Pods",
      description:
        "Exactly one of `gpu` or `cpu`. The pod is scheduled into its network volume's data center, else the " +
        "first of `dataCenterIds` (else of the catalog) offering the compute; it then goes PROVISIONING → " +
        "STARTING → RUNNING. Unknown properties and bounds answer 400 listing each path; a partial mount 422.",
      body: "CreatePodRequest",
      ok: { status: 201, description: "The created pod", schema: ref("Pod") },
      errors: [400, 403, 422],
    }),
  },
  "/v2/pods/{id}": {
    get: operation({
      operationId: "getPod",
      summary: "Read a pod",
      tag: "Pods",
      parameters: [podId],
      ok: { status: 200, description: "The pod", schema: ref("Pod") },
      errors: [403, 404],
    }),
    patch: operation({
      operationId: "updatePod",
      summary: "Change a pod in place",
      tag: "Pods",
      description:
        "Changing image, args, env, ports, disk or a mount path of a RUNNING pod restarts its container. " +
        "The mount kind and `volumeId` are fixed at create; a persistent mount may grow, not shrink.",
      parameters: [podId],
      body: "UpdatePodRequest",
      ok: { status: 200, description: "The updated pod", schema: ref("Pod") },
      errors: [400, 403, 404, 422],
    }),
    delete: operation({
      operationId: "deletePod",
      summary: "Terminate a pod",
      tag: "Pods",
      parameters: [podId],
      ok: { status: 204, description: "Terminated; no body" },
      errors: [403, 404],
    }),
  },
  "/v2/pods/{id}/action": {
    post: operation({
      operationId: "podAction",
      summary: "Start, stop, restart or terminate a pod",
      tag: "Pods",
      description:
        `Valid actions per status (any other answers 409; a locked pod refuses stop and restart):\n\n${actionTable}\n\n` +
        "start resumes on the same machine (STARTING → RUNNING); stop → EXITED; restart → STARTING → RUNNING; " +
        "terminate removes the pod and answers it with status TERMINATED.",
      parameters: [podId],
      body: "PodActionRequest",
      ok: { status: 200, description: "The pod after the transition", schema: ref("Pod") },
      errors: [400, 403, 404, 409],
    }),
  },
  "/v2/pods/{id}/logs": {
    get: operation({
      operationId: "getPodLogs",
      summary: "Stream a pod's log",
      tag: "Pods",
      description:
        "Server-Sent Events: `id:` (increasing integer), `event: log`, `data:` JSON `{timestamp, source, message}`. " +
        "The backlog is chosen by the `Last-Event-ID` header (events after it), else `since`, else `tail`.",
      parameters: [
        podId,
        queryParameter("source", "Only this source", { type: "string", enum: ["system", "container"] }),
        queryParameter("tail", "Last N lines of the backlog", { type: "integer", minimum: 0, maximum: 5000, default: 100 }),
        queryParameter("since", "Lines at or after this time", { type: "string", format: "date-time" }),
        queryParameter("follow", "Keep streaming new lines until the pod is gone", { type: "boolean", default: false }),
        { name: "Last-Event-ID", in: "header", required: false, schema: { type: "string", pattern: "^\\d+$" } },
      ],
      ok: { status: 200, description: "The event stream", schema: string, contentType: "text/event-stream" },
      errors: [400, 403, 404],
    }),
  },
  "/v2/network-volumes": {
    get: operation({
      operationId: "listNetworkVolumes",
      summary: "List the account's network volumes",
      tag: "Network Volumes",
      ok: {
        status: 200,
        description: "The network volumes",
        schema: object({ networkVolumes: arrayOf(ref("NetworkVolume")) }),
      },
      errors: [403],
    }),
    post: operation({
      operationId: "createNetworkVolume",
      summary: "Create a network volume",
      tag: "Network Volumes",
      description: "The data center must exist and offer the volume type.",
      body: "CreateNetworkVolumeRequest",
      ok: { status: 201, description: "The created volume", schema: ref("NetworkVolume") },
      errors: [400, 403],
    }),
  },
  "/v2/network-volumes/{id}": {
    get: operation({
      operationId: "getNetworkVolume",
      summary: "Read a network volume",
      tag: "Network Volumes",
      parameters: [volumeId],
      ok: { status: 200, description: "The volume", schema: ref("NetworkVolume") },
      errors: [403, 404],
    }),
    patch: operation({
      operationId: "updateNetworkVolume",
      summary: "Rename or grow a network volume",
      tag: "Network Volumes",
      description: "At least one of name and size; size cannot shrink.",
      parameters: [volumeId],
      body: "UpdateNetworkVolumeRequest",
      ok: { status: 200, description: "The updated volume", schema: ref("NetworkVolume") },
      errors: [400, 403, 404],
    }),
    delete: operation({
      operationId: "deleteNetworkVolume",
      summary: "Delete a network volume",
      tag: "Network Volumes",
      description: "409 while a pod mounts it.",
      parameters: [volumeId],
      ok: { status: 204, description: "Deleted; no body" },
      errors: [403, 404, 409],
    }),
  },
  "/v2/catalog/gpus": {
    get: operation({
      operationId: "listGpuTypes",
      summary: "List GPU types",
      tag: "Catalog",
      parameters: availabilityParameters(["POD", "CLUSTER", "SERVERLESS"]),
      ok: { status: 200, description: "GPU types", schema: object({ gpus: arrayOf(ref("GpuType")) }) },
      errors: [400, 403],
    }),
  },
  "/v2/catalog/gpus/{id}": {
    get: operation({
      operationId: "getGpuType",
      summary: "Read a GPU type (URL-encode the id)",
      tag: "Catalog",
      parameters: [idParameter("GPU type id"), ...availabilityParameters(["POD", "CLUSTER", "SERVERLESS"])],
      ok: { status: 200, description: "The GPU type", schema: ref("GpuType") },
      errors: [400, 403, 404],
    }),
  },
  "/v2/catalog/cpus": {
    get: operation({
      operationId: "listCpuTypes",
      summary: "List CPU flavors",
      tag: "Catalog",
      parameters: availabilityParameters(["POD", "SERVERLESS"]),
      ok: { status: 200, description: "CPU flavors", schema: object({ cpus: arrayOf(ref("CpuType")) }) },
      errors: [400, 403],
    }),
  },
  "/v2/catalog/cpus/{id}": {
    get: operation({
      operationId: "getCpuType",
      summary: "Read a CPU flavor",
      tag: "Catalog",
      parameters: [idParameter("CPU flavor id"), ...availabilityParameters(["POD", "SERVERLESS"])],
      ok: { status: 200, description: "The CPU flavor", schema: ref("CpuType") },
      errors: [400, 403, 404],
    }),
  },
  "/v2/catalog/datacenters": {
    get: operation({
      operationId: "listDataCenters",
      summary: "List data centers",
      tag: "Catalog",
      parameters: [
        queryParameter("include", "Comma-separated: GPU_AVAILABILITY, CPU_AVAILABILITY", { type: "string" }),
      ],
      ok: {
        status: 200,
        description: "Data centers",
        schema: object({ dataCenters: arrayOf(ref("DataCenter")) }),
      },
      errors: [400, 403],
    }),
  },
  "/v2/catalog/datacenters/{id}": {
    get: operation({
      operationId: "getDataCenter",
      summary: "Read a data center",
      tag: "Catalog",
      parameters: [
        idParameter("Data center id"),
        queryParameter("include", "Comma-separated: GPU_AVAILABILITY, CPU_AVAILABILITY", { type: "string" }),
      ],
      ok: { status: 200, description: "The data center", schema: ref("DataCenter") },
      errors: [400, 403, 404],
    }),
  },
};

export const OPENAPI_DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "computeplatform emulator",
    version: "2.0.0",
    description:
      "A local stand-in for the Compute Platform v2 API: pods, network volumes and the catalog. Every error is " +
      "`application/problem+json`; every authenticated response carries `RateLimit` and `RateLimit-Policy`. " +
      "`GET /` (health), `GET /v2/openapi.json` and `GET /docs` need no key.",
  },
  security: [{ bearerAuth: [] }],
  tags: [
    { name: "Pods", description: "GPU and CPU pods: lifecycle, actions and logs." },
    { name: "Network Volumes", description: "Network storage mounted into pods." },
    { name: "Catalog", description: "GPU types, CPU flavors and data centers." },
  ],
  paths,
  components: {
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
    headers: {
      RateLimit: {
        description: 'Per window: `"minute";r=REMAINING;t=SECONDS_TO_RESET`, then hour and day.',
        schema: string,
      },
      "RateLimit-Policy": { description: 'Per window: `"minute";q=QUOTA;w=60`, then hour and day.', schema: string },
      "Retry-After": { description: "Seconds until the exhausted window resets.", schema: integer },
    },
    responses: Object.fromEntries(
      Object.entries(ERROR_TITLES).map(([status, description]) => [
        `Problem${status}`,
        {
          description,
          headers: status === "429" ? { ...rateLimitHeaders, "Retry-After": { $ref: "#/components/headers/Retry-After" } } : {},
          content: { "application/problem+json": { schema: ref("Problem") } },
        },
      ]),
    ),
    schemas,
  },
} as const;
