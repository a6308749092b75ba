/**
 * slurm-cluster: a SLURM cluster of GPU pods, ready when every node is RUNNING.
 *
 * Shows a Cluster whose rank-0 member is the SLURM controller and whose other members are compute nodes, each
 * with its rank and an address on the cluster's private overlay network. `pulumi up` returns once every node
 * runs; a node that goes to ERROR deletes the whole cluster and fails the deployment, so nothing is left
 * half-built. Only the name changes in place: any other edit (node count, GPUs per node, image) replaces the
 * cluster.
 *
 * Stack outputs: `clusterId`, `controllerSsh` (the SSH command of the controller), `nodes` (per rank: pod id,
 * role and overlay IP) and `gpuCount` (GPUs across the cluster).
 *
 * Stack config:
 *   clusterName   "hpc"                       editing it renames the cluster in place
 *   nodeCount     2                           editing it replaces the cluster
 *   gpusPerNode   8                           editing it replaces the cluster
 *   gpuType       "NVIDIA H100 80GB HBM3"     editing it replaces the cluster
 */
import * as pulumi from "@pulumi/pulumi";
import * as cp from "pulumi-computeplatform";

const config = new pulumi.Config();
const gpusPerNode = config.getNumber("gpusPerNode") ?? 8;

const cluster = new cp.Cluster("hpc", {
  name: config.get("clusterName") ?? "hpc",
  type: "SLURM",
  compute: {
    gpuTypeId: config.get("gpuType") ?? "NVIDIA H100 80GB HBM3",
    gpuCountPerPod: gpusPerNode,
    podCount: config.getNumber("nodeCount") ?? 2,
  },
  image: "ghcr.io/acme/slurm-node:24.05",
  ports: ["22/tcp"],
  env: { SLURM_PARTITION: "gpu" },
  startSsh: true,
});

export const clusterId = cluster.id;
export const controllerSsh = cluster.primary.apply((primary) => primary.sshEndpoint);
export const nodes = cluster.members.apply((members) =>
  members.map((member) => ({ podId: member.id, rank: member.cluster?.rank, role: member.cluster?.role, ip: member.cluster?.ip })),
);
export const gpuCount = cluster.compute.apply((compute) => compute.podCount * compute.gpuCountPerPod);
