import {
  arrayOf,
  boolean,
  dateTime,
  described,
  enumOf,
  integer,
  nullable,
  number,
  ref,
  requestSchema,
  string,
  stringMap,
  wireObject,
} from "../http/openapiBuilders";
import { createPodFromTemplateRequest, createPodRequest, podActionRequest, updatePodRequest } from "../schemas";
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

/** The Pods section of the OpenAPI description: the pod's schemas, and the paths of its operations. */

/** The OpenAPI tag of pods. */
export const PODS_TAG = { name: "Pods", description: "GPU and CPU pods: create (from an image or a template), change, act on, read logs." };

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
            ports: arrayOf(wireObject<PodRuntimePort>({ private: integer, public: nullable(integer), type: string, ip: nullable(string) })),
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

/** The component schemas of pods, their actions and logs. */
export const POD_SCHEMAS = {
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
};
