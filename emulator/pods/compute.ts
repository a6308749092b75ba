import { findCpuOffer, findGpuOffer, type GpuOffer } from "../catalog/offers";
import { Problem } from "../http/problem";
import type { CpuRequest, GpuRequest } from "../schemas";
import type { PodCompute } from "../store";
import type { Cloud } from "../wire";

/** What a create body asks to run on, checked against the catalog; the scheduler places it next. */
export interface ComputeChoice {
  compute: PodCompute;
  /** The CUDA version of the host it lands on; null for CPU pods and GPUs without CUDA. */
  hostCudaVersion: string | null;
}

/** Exactly one of gpu and cpu, known to the catalog and within its bounds for the cloud. */
export function checkCompute(request: { gpu?: GpuRequest | undefined; cpu?: CpuRequest | undefined; cloud: Cloud }): ComputeChoice {
  const { gpu, cpu, cloud } = request;
  if (gpu !== undefined && cpu === undefined) {
    const offer = checkGpuRequest(gpu, cloud);
    return {
      compute: { kind: "gpu", id: gpu.id, count: gpu.count },
      hostCudaVersion: acceptableCudaVersions(offer, gpu)[0] ?? null,
    };
  }
  if (cpu !== undefined && gpu === undefined) {
    checkCpuRequest(cpu, cloud);
    return { compute: { kind: "cpu", ...cpu }, hostCudaVersion: null };
  }
  throw new Problem(400, "Exactly one of gpu or cpu must be set");
}

function checkGpuRequest(gpu: GpuRequest, cloud: Cloud): GpuOffer {
  const offer = findGpuOffer(gpu.id);
  if (offer === undefined) throw new Problem(400, `Unknown GPU type "${gpu.id}"`);
  const inCloud = cloud === "SECURE" ? offer.type.secure : offer.type.community;
  if (!inCloud) throw new Problem(400, `GPU type "${gpu.id}" is not offered in the ${cloud} cloud`);
  const maxCount = cloud === "SECURE" ? offer.type.maxCount.secure : offer.type.maxCount.community;
  if (gpu.count > maxCount) {
    throw new Problem(400, `gpu.count ${gpu.count} exceeds ${maxCount}, the most "${gpu.id}" allows in the ${cloud} cloud`);
  }
  return offer;
}

/** The CUDA versions a GPU request accepts, newest first. */
function acceptableCudaVersions(offer: GpuOffer, gpu: GpuRequest): string[] {
  const allowed = gpu.allowedCudaVersions ?? [];
  const minimum = gpu.minCudaVersion;
  if (allowed.length > 0 && minimum !== undefined) {
    throw new Problem(400, "gpu.allowedCudaVersions and gpu.minCudaVersion are mutually exclusive");
  }
  if (allowed.length === 0 && minimum === undefined) return offer.cudaVersions;
  const matching = offer.cudaVersions.filter((version) =>
    minimum === undefined ? allowed.includes(version) : compareVersions(version, minimum) >= 0,
  );
  if (matching.length === 0) {
    const offered = offer.cudaVersions.join(", ") || "none";
    throw new Problem(400, `No "${gpu.id}" host matches the CUDA constraint; CUDA versions offered: ${offered}`);
  }
  return matching;
}

/** Compares major.minor numerically, so 12.10 is above 12.2. */
function compareVersions(a: string, b: string): number {
  const [aMajor = 0, aMinor = 0] = a.split(".").map(Number);
  const [bMajor = 0, bMinor = 0] = b.split(".").map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}

function checkCpuRequest(cpu: CpuRequest, cloud: Cloud): void {
  const offer = findCpuOffer(cpu.id);
  if (offer === undefined) throw new Problem(400, `Unknown CPU flavor "${cpu.id}"`);
  if (cloud !== "SECURE") throw new Problem(400, "CPU pods run only in the SECURE cloud");
  const { min, max } = offer.type.vcpu;
  if (cpu.vcpuCount < min || cpu.vcpuCount > max) {
    throw new Problem(400, `cpu.vcpuCount ${cpu.vcpuCount} is outside ${min}..${max}, the range of "${cpu.id}"`);
  }
  const maxMemory = Math.floor(cpu.vcpuCount * offer.type.ramGbPerVcpu);
  if (cpu.memory > maxMemory) {
    throw new Problem(400, `cpu.memory ${cpu.memory} GB exceeds ${maxMemory} GB, the most "${cpu.id}" gives ${cpu.vcpuCount} vCPUs`);
  }
}
