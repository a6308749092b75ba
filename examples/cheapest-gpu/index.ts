/**
 * cheapest-gpu: a pod on the cheapest GPU type that has enough memory, picked from the live catalog.
 *
 * Shows the catalog data functions: `getCheapestGpuTypeOutput` reads the GPU types on offer in the SECURE
 * cloud, keeps those with at least `minMemoryGb` of VRAM that are in stock for pods, and returns the one with
 * the lowest price per GPU-hour. The pod runs on it. Because the choice is data, a new memory need (or a
 * price change in the catalog) picks another type on the next `pulumi up`, which replaces the pod.
 *
 * Stack outputs: `gpuTypeId`, `listPricePerHour` (USD per GPU-hour from the catalog) and `costPerHour` (what
 * the pod costs, as the service reports it).
 *
 * Optional stack config, with its default:
 *   minMemoryGb  48   VRAM in GB; a value that changes the cheapest type replaces the pod
 */
import * as pulumi from "@pulumi/pulumi";
import * as cp from "pulumi-computeplatform";

const config = new pulumi.Config();

const gpuType = cp.getCheapestGpuTypeOutput({
  minMemory: config.getNumber("minMemoryGb") ?? 48,
  cloud: "SECURE",
  inStock: true,
});

const pod = new cp.Pod("inference", {
  name: "inference",
  image: "vllm/vllm-openai:v0.6.3",
  gpu: { id: gpuType.id },
  ports: ["8000/http"],
  env: { MODEL: "mistralai/Mistral-7B-Instruct-v0.3" },
});

export const gpuTypeId = gpuType.id;
export const listPricePerHour = gpuType.price.secure;
export const costPerHour = pod.cost;
