import { ACTIONS_BY_STATUS } from "./actions";
import {
  createPodFromTemplateRequest,
  createPodRequest,
  podActionRequest,
  podListQuery,
  podLogQuery,
  updatePodRequest,
} from "../schemas";
import {
  CLOUDS,
  POD_CLUSTER_ROLES,
  type PodCluster,
  type CpuConfig,
  type GpuConfig,
  type Mounts,
  type NetworkMount,
  type PersistentMount,
  POD_ACTIONS,
  POD_STATUSES,
  type Pod,
  type PodGlobalNetworking,
  type PodRuntime,
  type PodRuntimePort,
  type PodSsh,
  type PodSshEndpoint,
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
  operationsOf,
  ownResource,
  queryParameters,
  ref,
  requestSchema,
  string,
  stringMap,
  type TagSection,
  wireObject,
} from "../http/openapiBuilders";

const tag = { name: "Pods", description: "GPU and CPU pods: create (from an image or a template), change, act on, read logs." };
const operation = operationsOf(tag.name);

const actionTable = Object.entries(ACTIONS_BY_STATUS)
  .map(([status, actions]) => `- \`${status}\`: ${actions.join(", ") || "none"}`)
  .join("\n");

const sshEndpoint = wireObject<PodSshEndpoint>({ host: string, port: integer, username: string, command: string });
const utilization = { type: "integer", minimum: 0, maximum: 100 };

const pod = wireObject<Pod>(
  {
    id: string,
    name: string,
    status: ref("PodStatus"),
    actions: described(arrayOf(ref("PodAction")), "The actions valid in the current status."),
    image: string,
    args: string,
    disk: { type: "integer", minimum: 1 },
    mounts: ref("Mounts"),
    ports: arrayOf(string),
    env: stringMap,
    registry: described(nullable(string), "Id of the registry credential the image is pulled with."),
    gpu: described(wireObject<GpuConfig>({ id: string, count: integer }), "GPU pods only."),
    cpu: described(wireObject<CpuConfig>({ id: string, vcpuCount: integer, memory: integer }), "CPU pods only."),
    cloud: enumOf(CLOUDS),
    dataCenterId: nullable(string),
    cudaVersion: described(nullable(string), "Null for CPU pods and until the pod has a machine."),
    ssh: wireObject<PodSsh>({
      proxy: described(nullable(sshEndpoint), "Null until the pod has a machine."),
      direct: described(nullable(sshEndpoint), "Null unless 22/tcp is published and the pod runs."),
    }),
    template: described(nullable(string), "Id of the template the pod was created from."),
    cost: described(number, "USD per hour; 0 when EXITED or TERMINATED."),
    locked: boolean,
    runtime: described(
      nullable(
        wireObject<PodRuntime>(
          {
            uptime: described(integer, "Seconds since the pod turned RUNNING."),
            gpus: described(
              arrayOf(wireObject<NonNullable<PodRuntime["gpus"]>[number]>({ util: utilization, memoryUtil: utilization })),
              "GPU pods only.",
            ),
            cpu: wireObject<PodRuntime["cpu"]>({ util: utilization }),
            memory: wireObject<PodRuntime["memory"]>({ util: utilization }),
            ports: arrayOf(
              wireObject<PodRuntimePort>({ private: integer, public: nullable(integer), type: string, ip: nullable(string) }),
            ),
          },
          { gpus: true },
        ),
      ),
      "Null unless RUNNING.",
    ),
    createdAt: dateTime,
    startedAt: described(nullable(dateTime), "Null unless RUNNING."),
    globalNetworking: wireObject<PodGlobalNetworking>(
      { enabled: boolean, ip: string, internalDns: string },
      { ip: true, internalDns: true },
    ),
    cluster: described(
      wireObject<PodCluster>(
        {
          id: described(string, "Id of the cluster."),
          rank: described(nullable(integer), "Node rank, null until assigned; rank 0 is the cluster's primary."),
          role: described(enumOf(POD_CLUSTER_ROLES), "SLURM and RAY clusters only."),
          ip: described(string, "Address on the cluster's overlay network, once assigned."),
        },
        { role: true, ip: true },
      ),
      "Cluster member pods only.",
    ),
  },
  { gpu: true, cpu: true, cluster: true },
);

const podId = idParameter("Pod id");
const MEMBER_PODS = "The pod is a cluster member, managed only through /v2/clusters/{id}";

export const pods: TagSection = {
  tag,
  schemas: {
    PodStatus: enumOf(POD_STATUSES),
    PodAction: enumOf(POD_ACTIONS),
    PersistentMount: wireObject<PersistentMount>({ size: { type: "integer", minimum: 10 }, path: string }),
    Mounts: {
      ...wireObject<Mounts>(
        {
          persistent: ref("PersistentMount"),
          network: { ...arrayOf(wireObject<NetworkMount>({ volumeId: string, path: string })), maxItems: 1 },
        },
        { persistent: true, network: true },
      ),
      additionalProperties: false,
    },
    Pod: pod,
    CreatePodRequest: requestSchema(createPodRequest),
    CreatePodFromTemplateRequest: requestSchema(createPodFromTemplateRequest),
    UpdatePodRequest: requestSchema(updatePodRequest),
    PodActionRequest: requestSchema(podActionRequest),
  },
  paths: {
    "/v2/pods": {
      get: operation({
        operationId: "listPods",
        summary: "List the account's pods",
        parameters: queryParameters(podListQuery, {
          includeClusterPods: { description: "Also list cluster member pods, which are left out otherwise." },
        }),
        ok: { status: 200, description: "The pods", schema: listOf("pods", "Pod") },
        errors: { 400: "Invalid query" },
      }),
      post: operation({
        operationId: "createPod",
        summary: "Create a pod",
        description:
          "Exactly one of `gpu` or `cpu`. With `templateId`, the template (the account's own or a public one) " +
          "supplies every container setting the body leaves out; `env` is merged per key, the body winning. The pod " +
          "is placed in its network volume's data center, else the first of `dataCenterIds` (else of the catalog) " +
          "offering the compute, then goes PROVISIONING → STARTING → RUNNING.",
        body: ["CreatePodRequest", "CreatePodFromTemplateRequest"],
        ok: { status: 201, description: "The created pod", schema: ref("Pod") },
        errors: {
          400: "Invalid body (each failing path listed), unknown compute, data center, network volume or registry",
          403: "A read-only key, or the network volume or registry belongs to another account",
          404: "No template the caller may use has this `templateId`",
          422: "A mount entry lacks a field, or the template is a serverless one",
        },
      }),
    },
    "/v2/pods/{id}": {
      get: operation({
        operationId: "getPod",
        summary: "Read a pod",
        parameters: [podId],
        ok: { status: 200, description: "The pod", schema: ref("Pod") },
        errors: ownResource("pod", "read"),
      }),
      patch: operation({
        operationId: "updatePod",
        summary: "Change a pod in place",
        description:
          "Changing image, args, env, ports, disk or a mount path of a RUNNING pod restarts its container. " +
          "The mount kind and `volumeId` are fixed at create; a persistent mount may grow, not shrink. " +
          "`templateId` applies that template's image, args, disk, ports, env and registry under the body's own " +
          "(env merged per key, then replacing the pod's) and records it in `template`; mounts are left alone.",
        parameters: [podId],
        body: "UpdatePodRequest",
        ok: { status: 200, description: "The updated pod", schema: ref("Pod") },
        errors: {
          400: "Invalid body, a forbidden mount change, or an unknown registry",
          403: "A read-only key, or the pod or registry belongs to another account",
          404: "No such pod, or no such template readable by the caller",
          409: MEMBER_PODS,
          422: "A mount entry lacks a field, or the template is a serverless one",
        },
      }),
      delete: operation({
        operationId: "deletePod",
        summary: "Terminate a pod",
        parameters: [podId],
        ok: { status: 204, description: "Terminated; no body" },
        errors: { ...ownResource("pod", "write"), 409: MEMBER_PODS },
      }),
    },
    "/v2/pods/{id}/action": {
      post: operation({
        operationId: "podAction",
        summary: "Start, stop, restart or terminate a pod",
        description:
          `Valid actions per status (any other answers 409; a locked pod refuses stop and restart):\n\n${actionTable}\n\n` +
          "start resumes on the same machine (STARTING → RUNNING); stop → EXITED; restart → STARTING → RUNNING; " +
          "terminate removes the pod and answers it with status TERMINATED.",
        parameters: [podId],
        body: "PodActionRequest",
        ok: { status: 200, description: "The pod after the transition", schema: ref("Pod") },
        errors: { 400: "Invalid body", ...ownResource("pod", "write"), 409: `Not valid in the pod's status, or the pod is locked; or: ${MEMBER_PODS}` },
      }),
    },
    "/v2/pods/{id}/logs": {
      get: operation({
        operationId: "getPodLogs",
        summary: "Stream a pod's log",
        description:
          "Server-Sent Events: `id:` (increasing integer), `event: log`, `data:` JSON `{timestamp, source, message}`. " +
          "The backlog is chosen by the `Last-Event-ID` header (events after it), else `since`, else `tail`.",
        parameters: [
          podId,
          ...queryParameters(podLogQuery, {
            source: { description: "Only this source" },
            tail: { description: "Last N lines of the backlog", schema: { type: "integer", minimum: 0, maximum: 5000 } },
            since: { description: "Lines at or after this time" },
            follow: { description: "Keep streaming new lines until the pod is gone" },
          }),
          { name: "Last-Event-ID", in: "header", required: false, schema: { type: "string", pattern: "^\\d+$" } },
        ],
        ok: { status: 200, description: "The event stream", schema: string, contentType: "text/event-stream" },
        errors: { 400: "Invalid query or Last-Event-ID", ...ownResource("pod", "read") },
      }),
    },
  },
};
