/**
 * gpu-pod: a GPU pod that keeps its data on a network volume.
 *
 * Shows a NetworkVolume in US-TX-3 and a one-GPU pod in the same data center that mounts it at
 * /workspace, publishes SSH (22/tcp) and Jupyter (8888/http), and starts sshd with the account's
 * registered keys. `pulumi up` returns once the pod is RUNNING.
 *
 * Stack outputs: `ssh`, a ready-to-run ssh command (direct when 22/tcp is published, else through the
 * proxy), and `costPerHour`, the pod's current price in USD per hour.
 *
 * Optional stack config, each with its default:
 *   mountPath   "/workspace"            editing it updates the pod in place
 *   gpuType     "NVIDIA A100 80GB PCIe" editing it replaces the pod (the GPU cannot change in place)
 *   volumeSize  50                      GB; it grows in place and cannot shrink
 */
import * as pulumi from "@pulumi/pulumi";
import * as cp from "pulumi-computeplatform";

const config = new pulumi.Config();

const volume = new cp.NetworkVolume("data", {
  name: "data",
  size: config.getNumber("volumeSize") ?? 50,
  dataCenter: "US-TX-3",
});

const pod = new cp.Pod("trainer", {
  name: "trainer",
  image: "pytorch/pytorch:2.4.0-cuda12.4-cudnn9-runtime",
  gpu: { id: config.get("gpuType") ?? "NVIDIA A100 80GB PCIe", count: 1 },
  mounts: { network: [{ volumeId: volume.id, path: config.get("mountPath") ?? "/workspace" }] },
  ports: ["22/tcp", "8888/http"],
  startSsh: true,
});

export const ssh = pod.ssh.apply((endpoints) => endpoints.direct?.command ?? endpoints.proxy?.command ?? "");
export const costPerHour = pod.cost;
