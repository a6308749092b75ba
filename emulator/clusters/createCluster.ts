import { randomInt } from "node:crypto";
import { badRequestOrCapacity, READ_ONLY_KEY } from "../http/openapiBuilders";
import { chooseDataCenter } from "../placement/scheduler";
import { checkCompute } from "../pods/compute";
import { withInjectedEnv } from "../pods/injectedEnv";
import { mountsForCreate, networkVolumeToMount } from "../pods/mounts";
import { addPod } from "../pods/podRecord";
import type { ClusterType, PodClusterRole } from "../wire";
import type { ClusterRecord } from "./clusterRecord";
import { clusters } from "./collection";
import { createClusterRequest } from "./requests";

/**
 * `POST /v2/clusters`: creates a cluster and its member pods in one data center with idle cluster nodes of the GPU
 * type, one node per member, and answers 201 with its summary; 400 for a bad body, an unknown GPU type, no such
 * data center or too few idle nodes (the capacity error), 403 for a read-only key.
 */
export const createCluster = clusters.create({
  operationId: "createCluster",
  summary: "Create a cluster and its member pods",
  description:
    "Members are named `<name>-node-<rank>`; rank 0 is the primary (the SLURM controller, the RAY head). Ranks and " +
    "overlay IPs are assigned once a member has its machine. Each member holds one idle cluster node of the data " +
    "center until the cluster is deleted.",
  bodySchema: "CreateClusterRequest",
  body: createClusterRequest,
  ok: "The created cluster",
  errors: {
    400: badRequestOrCapacity("Invalid body, unknown GPU type, or no data center with cluster nodes of it", {
      demand: { pool: "clusterNode", typeId: "NVIDIA H100 80GB HBM3", cloud: "SECURE", count: 4 },
      dataCenterIds: ["US-CA-2", "EU-SE-1"],
    }),
    403: READ_ONLY_KEY,
  },
  make(body, context, caller) {
    const { store } = context;
    const { gpuTypeId, gpuCountPerPod } = body.compute;
    const { compute, hostCudaVersion } = checkCompute({
      gpu: { id: gpuTypeId, count: gpuCountPerPod },
      cloud: "SECURE",
    });
    const mounts = mountsForCreate(body.mounts, compute);
    const volume = networkVolumeToMount(store, caller, mounts);
    const dataCenterId = chooseDataCenter({
      compute: `${gpuTypeId} cluster`,
      // Clusters take whole nodes: only data centers with cluster nodes of the type offer it.
      demand: { pool: "clusterNode", typeId: gpuTypeId, cloud: "SECURE", count: body.compute.podCount },
      stock: context.stock,
      dataCenterIds: body.dataCenterIds,
      volume: volume?.volume,
    });
    const account = store.account(caller.account);
    const now = context.now();
    const subnet = randomInt(256);
    const cluster: ClusterRecord = {
      id: store.newId(),
      account: caller.account,
      createdAt: now,
      name: body.name,
      type: body.type,
      compute: { ...body.compute },
      dataCenterId,
      network: { cidr: `10.${subnet}.0.0/16`, vxlanId: 4096 + randomInt(4096), vxlanPort: 4789 },
      memberIds: [],
    };
    const env = withInjectedEnv(body, account);
    for (let rank = 0; rank < body.compute.podCount; rank++) {
      const pod = addPod(
        store,
        context.stock,
        account,
        {
          name: `${body.name}-node-${rank}`,
          image: body.image,
          args: body.args,
          disk: body.disk,
          env: { ...env, NODE_RANK: String(rank), NUM_NODES: String(body.compute.podCount) },
          ports: [...body.ports],
          registry: null,
          template: null,
          locked: false,
          globalNetworking: false,
          mounts: structuredClone(mounts),
          compute,
          cloud: "SECURE",
          dataCenterId,
          hostCudaVersion,
          membership: {
            clusterId: cluster.id,
            rank,
            role: roleOf(body.type, rank),
            overlayIp: `10.${subnet}.${Math.floor((rank + 1) / 256)}.${(rank + 1) % 256}`,
          },
        },
        now,
      );
      cluster.memberIds.push(pod.id);
    }
    return cluster;
  },
});

/** SLURM and RAY name their rank-0 node's role apart from the others; TRAINING and APPLICATION assign none. */
function roleOf(type: ClusterType, rank: number): PodClusterRole | null {
  switch (type) {
    case "SLURM":
      return rank === 0 ? "SLURM_CONTROLLER" : "SLURM_COMPUTE";
    case "RAY":
      return rank === 0 ? "RAY_HEAD" : "RAY_WORKER";
    default:
      return null;
  }
}
