import { randomBytes } from "node:crypto";
import type { Caller } from "../http/auth";
import { type CpuOffer, findCpuOffer, findGpuOffer, type GpuOffer } from "../catalog/offers";
import { Problem } from "../http/problem";
import type { CpuRequest, GpuRequest, MountsRequest } from "../schemas";
import type { AccountState, NetworkVolumeRecord, PodCompute, Store } from "../store";
import type { Cloud, Mounts, PodAction, PodStatus } from "../wire";

/**
 * Which action is valid in which status. The spec leaves transitions open; this table follows the public API the
 * emulator stands in for:
 *
 *   PROVISIONING  stop, terminate
 *   STARTING      stop, terminate
 *   RUNNING       stop, restart, terminate
 *   EXITED        start, terminate
 *   ERROR         start, terminate
 *   TERMINATED    (none)
 *
 * Effects: start → STARTING → RUNNING on the same machine (through PROVISIONING first if the pod was stopped before
 * it got one); stop → EXITED; restart → STARTING → RUNNING; terminate → TERMINATED, and the pod is gone.
 * A locked pod refuses stop and restart. Any other action answers 409.
 */
export const ACTIONS_BY_STATUS: Readonly<Record<PodStatus, readonly PodAction[]>> = {
  PROVISIONING: ["stop", "terminate"],
  STARTING: ["stop", "terminate"],
  RUNNING: ["stop", "restart", "terminate"],
  EXITED: ["start", "terminate"],
  ERROR: ["start", "terminate"],
  TERMINATED: [],
};

/** Refuses, with 409, an action the pod's status does not allow or that its lock forbids. */
export function checkAction(podId: string, status: PodStatus, action: PodAction, locked: boolean): void {
  const allowed = ACTIONS_BY_STATUS[status];
  if (!allowed.includes(action)) {
    throw new Problem(
      409,
      `Cannot ${action} pod ${podId} while it is ${status}; valid actions: ${allowed.join(", ") || "none"}`,
    );
  }
  if (locked && (action === "stop" || action === "restart")) {
    throw new Problem(409, `Pod ${podId} is locked; unlock it before you ${action} it`);
  }
}

/** Mount rule 1: one kind at most. */
function checkOneMountKind(mounts: MountsRequest): void {
  if (mounts.persistent !== undefined && mounts.network !== undefined) {
    throw new Problem(400, "mounts.persistent and mounts.network are mutually exclusive");
  }
}

/** The mounts a new pod gets, after the create-time rules. An empty network list means no mount. */
export function mountsForCreate(mounts: MountsRequest | undefined, compute: PodCompute): Mounts {
  if (mounts === undefined) return {};
  checkOneMountKind(mounts);
  if (mounts.persistent !== undefined) {
    if (compute.kind === "cpu") {
      throw new Problem(400, "Persistent mounts are not available on CPU pods; mount a network volume instead");
    }
    return { persistent: { ...mounts.persistent } };
  }
  if (mounts.network !== undefined && mounts.network.length > 0) {
    return { network: mounts.network.map((mount) => ({ ...mount })) };
  }
  return {};
}

/**
 * The mounts after a PATCH (rules 1 to 5): an omitted or empty `mounts` changes nothing; the kind is fixed at
 * create; `volumeId` is immutable; paths may change and a persistent mount may grow but not shrink.
 */
export function mountsForPatch(current: Mounts, patch: MountsRequest | undefined): Mounts {
  if (patch === undefined) return current;
  checkOneMountKind(patch);
  if (patch.network !== undefined) {
    if (patch.network.length === 0) {
      throw new Problem(400, "An empty mounts.network cannot remove a mount; mounts cannot be cleared by PATCH");
    }
    const existing = current.network?.[0];
    const requested = patch.network[0];
    if (existing === undefined || requested === undefined) {
      throw new Problem(400, `${createdWith(current)}; a network mount cannot be added after create`);
    }
    if (requested.volumeId !== existing.volumeId) {
      throw new Problem(400, `mounts.network[0].volumeId is immutable (it is ${existing.volumeId})`);
    }
    return { network: [{ volumeId: existing.volumeId, path: requested.path }] };
  }
  if (patch.persistent !== undefined) {
    if (current.persistent === undefined) {
      throw new Problem(400, `${createdWith(current)}; a persistent mount cannot be added after create`);
    }
    if (patch.persistent.size < current.persistent.size) {
      throw new Problem(
        400,
        `mounts.persistent.size cannot shrink (from ${current.persistent.size} to ${patch.persistent.size} GB)`,
      );
    }
    return { persistent: { ...patch.persistent } };
  }
  return current;
}

function createdWith(mounts: Mounts): string {
  if (mounts.persistent !== undefined) return "The pod was created with a persistent mount";
  if (mounts.network !== undefined) return "The pod was created with a network mount";
  return "The pod was created without mounts";
}

/** The network volume a new pod mounts: 400 when it does not exist, 403 when another account owns it. */
export function networkVolumeToMount(store: Store, caller: Caller, mounts: Mounts): NetworkVolumeRecord | undefined {
  const volumeId = mounts.network?.[0]?.volumeId;
  if (volumeId === undefined) return undefined;
  const record = store.findNetworkVolume(volumeId);
  if (record === undefined) throw new Problem(400, `Network volume ${volumeId} does not exist`);
  if (record.account !== caller.account) {
    throw new Problem(403, `Network volume ${volumeId} is not accessible with this API key`);
  }
  return record;
}

/**
 * The registry credential a pod or template names, if any: 400 when it does not exist, 403 when another account
 * owns it.
 */
export function checkRegistryReference(store: Store, caller: Caller, registryId: string | null | undefined): void {
  if (registryId === null || registryId === undefined) return;
  const record = store.find("registries", registryId);
  if (record === undefined) throw new Problem(400, `Registry ${registryId} does not exist`);
  if (record.account !== caller.account) {
    throw new Problem(403, `Registry ${registryId} is not accessible with this API key`);
  }
}

/** What a create body asks to run on, checked against the catalog; the scheduler places it next. */
export interface ComputeChoice {
  compute: PodCompute;
  /** Data centers offering it. */
  offeredIn: Readonly<Record<string, unknown>>;
  /** The CUDA version of the host it lands on; null for CPU pods and GPUs without CUDA. */
  hostCudaVersion: string | null;
}

/** Exactly one of gpu and cpu, known to the catalog and within its bounds for the cloud. */
export function checkCompute(request: {
  gpu?: GpuRequest | undefined;
  cpu?: CpuRequest | undefined;
  cloud: Cloud;
}): ComputeChoice {
  const { gpu, cpu, cloud } = request;
  if (gpu !== undefined && cpu === undefined) {
    const offer = checkGpuRequest(gpu, cloud);
    return {
      compute: { kind: "gpu", id: gpu.id, count: gpu.count },
      offeredIn: offer.offeredIn,
      hostCudaVersion: acceptableCudaVersions(offer, gpu)[0] ?? null,
    };
  }
  if (cpu !== undefined && gpu === undefined) {
    return { compute: { kind: "cpu", ...cpu }, offeredIn: checkCpuRequest(cpu, cloud).offeredIn, hostCudaVersion: null };
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

function checkCpuRequest(cpu: CpuRequest, cloud: Cloud): CpuOffer {
  const offer = findCpuOffer(cpu.id);
  if (offer === undefined) throw new Problem(400, `Unknown CPU flavor "${cpu.id}"`);
  if (cloud !== "SECURE") throw new Problem(400, "CPU pods run only in the SECURE cloud");
  const { min, max } = offer.type.vcpu;
  if (cpu.vcpuCount < min || cpu.vcpuCount > max) {
    throw new Problem(400, `cpu.vcpuCount ${cpu.vcpuCount} is outside ${min}..${max}, the range of "${cpu.id}"`);
  }
  const maxMemory = Math.floor(cpu.vcpuCount * offer.type.ramGbPerVcpu);
  if (cpu.memory > maxMemory) {
    throw new Problem(
      400,
      `cpu.memory ${cpu.memory} GB exceeds ${maxMemory} GB, the most "${cpu.id}" gives ${cpu.vcpuCount} vCPUs`,
    );
  }
  return offer;
}

/**
 * A new pod's env with what the service injects: the account's SSH public keys as PUBLIC_KEY with `startSsh`,
 * a generated JUPYTER_PASSWORD with `startJupyter`; a key the body sets itself is kept.
 */
export function withInjectedEnv(
  body: { env: Record<string, string>; startSsh: boolean; startJupyter: boolean },
  account: AccountState,
): Record<string, string> {
  const env = { ...body.env };
  if (body.startSsh && account.sshPublicKeys.length > 0) env.PUBLIC_KEY ??= account.sshPublicKeys.join("\n");
  if (body.startJupyter) env.JUPYTER_PASSWORD ??= randomBytes(12).toString("base64url");
  return env;
}
