import { randomInt } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { callerOf } from "../http/auth";
import { findGpuOffer } from "../catalog/offers";
import type { EmulatorContext } from "../context";
import { ownedCluster } from "../ownership";
import { idParam, serveMethods } from "../http/routing";
import { checkCompute } from "../pods/compute";
import { withInjectedEnv } from "../pods/injectedEnv";
import { mountsForCreate, networkVolumeToMount } from "../pods/mounts";
import { chooseDataCenter } from "../placement/scheduler";
import { addPod } from "../pods/podRecord";
import { createClusterRequest, updateClusterRequest } from "../schemas";
import type { ClusterRecord, PodRecord } from "../store";
import type { ClusterType, PodClusterRole } from "../wire";
import { parseBody } from "../http/validation";

/** `/v2/clusters`, `/v2/clusters/{id}` and `/v2/clusters/{id}/pods`. */
export function registerClusterRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const { store } = context;
  const membersOf = (cluster: ClusterRecord): PodRecord[] => {
    const pods = store.account(cluster.account).pods;
    return cluster.memberIds.flatMap((id) => pods.get(id) ?? []);
  };

  serveMethods(app, "/clusters", {
    GET: async (request) => {
      const account = store.account(callerOf(request).account);
      return { clusters: [...account.clusters.values()].map((cluster) => context.presentCluster(cluster)) };
    },

    POST: async (request, reply) => {
      const caller = callerOf(request);
      const body = parseBody(createClusterRequest, request.body);
      const { gpuTypeId, gpuCountPerPod } = body.compute;
      const { compute, hostCudaVersion } = checkCompute({
        gpu: { id: gpuTypeId, count: gpuCountPerPod },
        cloud: "SECURE",
      });
      // Clusters take whole nodes: only data centers with cluster nodes of the type offer it.
      const clusterSites = Object.fromEntries(
        Object.entries(findGpuOffer(gpuTypeId)?.offeredIn ?? {}).filter(([, stock]) => (stock.clusterNodes ?? 0) > 0),
      );
      const mounts = mountsForCreate(body.mounts, compute);
      const volume = networkVolumeToMount(store, caller, mounts);
      const dataCenterId = chooseDataCenter({
        compute: `${gpuTypeId} cluster`,
        offeredIn: clusterSites,
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
      account.clusters.set(cluster.id, cluster);
      return reply.code(201).send(context.presentCluster(cluster));
    },
  });

  serveMethods(app, "/clusters/:id", {
    GET: async (request) => context.presentCluster(ownedCluster(store, callerOf(request), idParam(request))),

    PATCH: async (request) => {
      const cluster = ownedCluster(store, callerOf(request), idParam(request));
      cluster.name = parseBody(updateClusterRequest, request.body).name;
      return context.presentCluster(cluster);
    },

    DELETE: async (request, reply) => {
      const cluster = ownedCluster(store, callerOf(request), idParam(request));
      for (const member of membersOf(cluster)) context.remove(member);
      store.account(cluster.account).clusters.delete(cluster.id);
      return reply.code(204).send();
    },
  });

  serveMethods(app, "/clusters/:id/pods", {
    GET: async (request) => {
      const cluster = ownedCluster(store, callerOf(request), idParam(request));
      return { pods: membersOf(cluster).map((pod) => context.present(pod)) };
    },
  });
}

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
