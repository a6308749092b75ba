import { createHash } from "node:crypto";
import { podHourlyPrice } from "../catalog/offers";
import type { Observation } from "./lifecycle";
import { ACTIONS_BY_STATUS } from "./actions";
import type { ClusterMembership, PodRecord } from "../store";
import type { Pod, PodCluster, PodRuntime, PodSshEndpoint } from "../wire";

const SERVICE_DOMAIN = "computeplatform.internal";
const SSH_PROXY_HOST = `ssh.${SERVICE_DOMAIN}`;

/** A pod as the API renders it in the given state; its GPUs report `gpuUtilization` when set. */
export function renderPod(pod: PodRecord, state: Observation, now: number, gpuUtilization?: number): Pod {
  const runningSince = state.status === "RUNNING" ? state.runningSince : null;
  const compute = pod.compute;
  return {
    id: pod.id,
    name: pod.name,
    status: state.status,
    actions: [...ACTIONS_BY_STATUS[state.status]],
    image: pod.image,
    args: pod.args,
    disk: pod.disk,
    mounts: structuredClone(pod.mounts),
    ports: [...pod.ports],
    env: { ...pod.env },
    registry: pod.registry,
    ...(compute.kind === "gpu"
      ? { gpu: { id: compute.id, count: compute.count } }
      : { cpu: { id: compute.id, vcpuCount: compute.vcpuCount, memory: compute.memory } }),
    cloud: pod.cloud,
    dataCenterId: pod.dataCenterId,
    cudaVersion: compute.kind === "gpu" && state.hasMachine ? pod.hostCudaVersion : null,
    ssh: {
      proxy: state.hasMachine ? sshProxy(pod) : null,
      direct: runningSince !== null && pod.ports.includes("22/tcp") ? sshDirect(pod) : null,
    },
    template: pod.template,
    cost: state.status === "EXITED" || state.status === "TERMINATED" ? 0 : podHourlyPrice(pod.compute, pod.cloud),
    locked: pod.locked,
    runtime: runningSince === null ? null : runtime(pod, now - runningSince, gpuUtilization),
    createdAt: new Date(pod.createdAt).toISOString(),
    startedAt: runningSince === null ? null : new Date(runningSince).toISOString(),
    globalNetworking: pod.globalNetworking
      ? { enabled: true, ip: pod.globalNetworkIp, internalDns: `${pod.id}.${SERVICE_DOMAIN}` }
      : { enabled: false },
    ...(pod.membership === null ? {} : { cluster: clusterPlace(pod.membership, state.hasMachine) }),
  };
}

/** Rank and overlay address are assigned during provisioning: they show once the member has its machine. */
function clusterPlace(membership: ClusterMembership, hasMachine: boolean): PodCluster {
  return {
    id: membership.clusterId,
    rank: hasMachine ? membership.rank : null,
    ...(membership.role === null ? {} : { role: membership.role }),
    ...(hasMachine ? { ip: membership.overlayIp } : {}),
  };
}

function sshProxy(pod: PodRecord): PodSshEndpoint {
  const username = `${pod.id}-${digest(pod.id).toString(16).padStart(8, "0").slice(0, 8)}`;
  return { host: SSH_PROXY_HOST, port: 22, username, command: `ssh ${username}@${SSH_PROXY_HOST}` };
}

function sshDirect(pod: PodRecord): PodSshEndpoint {
  const port = publicPort(pod, 22);
  return { host: pod.hostIp, port, username: "root", command: `ssh root@${pod.hostIp} -p ${port}` };
}

function runtime(pod: PodRecord, uptimeMs: number, gpuUtilization: number | undefined): PodRuntime {
  const gpuCount = pod.compute.kind === "gpu" ? pod.compute.count : 0;
  return {
    uptime: Math.floor(uptimeMs / 1000),
    ...(gpuCount > 0
      ? {
          gpus: Array.from({ length: gpuCount }, (_, index) => ({
            util: gpuUtilization ?? percent(`${pod.id}:gpu${index}`),
            memoryUtil: percent(`${pod.id}:gpu${index}:memory`),
          })),
        }
      : {}),
    cpu: { util: percent(`${pod.id}:cpu`) },
    memory: { util: percent(`${pod.id}:memory`) },
    ports: pod.ports.map((entry) => {
      const [port = "0", type = "tcp"] = entry.split("/");
      const tcp = type === "tcp";
      return {
        private: Number(port),
        public: tcp ? publicPort(pod, Number(port)) : null,
        type,
        ip: tcp ? pod.hostIp : null,
      };
    }),
  };
}

/** The public port a TCP port is published on; stable for the pod so clients can rely on it between reads. */
function publicPort(pod: PodRecord, privatePort: number): number {
  return 10000 + (digest(`${pod.id}:${privatePort}`) % 50000);
}

function percent(seed: string): number {
  return digest(seed) % 101;
}

function digest(seed: string): number {
  return createHash("sha256").update(seed).digest().readUInt32BE(0);
}
