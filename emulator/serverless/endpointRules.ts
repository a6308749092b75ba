import type { Caller } from "../http/auth";
import { CPU_OFFERS, findCpuOffer, findDataCenter, GPU_OFFERS } from "../catalog/offers";
import { networkVolumes } from "../networkVolumes/collection";
import { Problem } from "../http/problem";
import { readableTemplate } from "../templates/publicTemplates";
import { checkRegistryReference } from "../registries/registryReference";
import type { CreateEndpointRequest, UpdateEndpointRequest } from "./requests";
import type { EndpointRecord, Store } from "../store";
import type { CpuConfig, EndpointGpuConfig, EndpointScaling, EndpointType, EndpointWorkers, Template } from "../wire";

/** The serverless template an endpoint takes its container settings from: 404 unreadable, 422 a pod template. */
export function endpointTemplate(store: Store, caller: Caller, id: string): Template {
  const template = readableTemplate(store, caller, id);
  if (template === undefined) throw new Problem(404, `Template ${id} not found`);
  if (!template.serverless) {
    throw new Problem(422, `Template ${template.id} is not a serverless template; endpoints cannot use it`);
  }
  return template;
}

/** Exactly one compute family: 400 for neither or both. */
export function checkOneComputeFamily(request: { gpu?: unknown; cpu?: unknown }): void {
  if ((request.gpu === undefined) === (request.cpu === undefined)) {
    throw new Problem(400, "Exactly one of gpu or cpu must be set");
  }
}

/** A GPU selection: known pools, exclusions inside them that leave a card, and one kind of CUDA constraint. */
export function checkGpuSelection(gpu: EndpointGpuConfig): EndpointGpuConfig {
  const inPools = GPU_OFFERS.filter((offer) => offer.type.pool !== null && gpu.pools.includes(offer.type.pool));
  for (const pool of gpu.pools) {
    if (!inPools.some((offer) => offer.type.pool === pool)) throw new Problem(400, `Unknown GPU pool "${pool}" in gpu.pools`);
  }
  const excluded = gpu.excludedTypes?.map((type) => type.trim());
  for (const type of excluded ?? []) {
    if (!inPools.some((offer) => offer.type.id === type)) {
      throw new Problem(400, `gpu.excludedTypes: "${type}" is not a GPU type in pools ${gpu.pools.join(", ")}`);
    }
  }
  if (inPools.every((offer) => excluded?.includes(offer.type.id))) {
    throw new Problem(400, "gpu.excludedTypes leaves no GPU type in the selected pools");
  }
  if (gpu.allowedCudaVersions.length > 0 && gpu.minCudaVersion !== null) {
    throw new Problem(400, "gpu.allowedCudaVersions and gpu.minCudaVersion are mutually exclusive");
  }
  const { excludedTypes: _asSent, ...selection } = gpu;
  // No exclusions are left out of the answer, as when none were ever sent.
  return { ...selection, ...(excluded === undefined || excluded.length === 0 ? {} : { excludedTypes: excluded }) };
}

/** A CPU selection with each flavor's memory derived from its RAM per vCPU. */
export function cpuSelection(cpu: ReadonlyArray<{ id: string; vcpuCount: number }>): CpuConfig[] {
  return cpu.map(({ id, vcpuCount }, index) => {
    const offer = findCpuOffer(id);
    if (offer === undefined) {
      throw new Problem(400, `Unknown CPU flavor "${id}" in cpu[${index}]; known: ${CPU_OFFERS.map((o) => o.type.id).join(", ")}`);
    }
    const { min, max } = offer.type.vcpu;
    if (vcpuCount < min || vcpuCount > max) {
      throw new Problem(400, `cpu[${index}].vcpuCount ${vcpuCount} is outside ${min}..${max}, the range of "${id}"`);
    }
    return { id, vcpuCount, memory: Math.floor(vcpuCount * offer.type.ramGbPerVcpu) };
  });
}

/** Scaling that fits the endpoint type, and worker bounds that fit the scaling. */
export function checkScaling(type: EndpointType, scaling: EndpointScaling, workers: EndpointWorkers): EndpointWorkers {
  if (type === "LOAD_BALANCER" && scaling.type !== "REQUEST_COUNT") {
    throw new Problem(422, "A LOAD_BALANCER endpoint scales on REQUEST_COUNT; scaling.type QUEUE_DELAY is queue-based only");
  }
  if (workers.min > workers.max) {
    throw new Problem(400, `workers.min ${workers.min} exceeds workers.max ${workers.max}`);
  }
  const idleTimeoutApplies = !(type === "QUEUE" && scaling.type === "REQUEST_COUNT");
  if (!idleTimeoutApplies) {
    if (workers.idleTimeout !== undefined) {
      throw new Problem(400, "workers.idleTimeout does not apply to a queue-based endpoint scaling on REQUEST_COUNT");
    }
    return { min: workers.min, max: workers.max };
  }
  return { min: workers.min, max: workers.max, idleTimeout: workers.idleTimeout ?? 10 };
}

/** References to other resources: the caller's network volumes, registry credential and known data centers. */
export function checkEndpointReferences(
  store: Store,
  caller: Caller,
  request: Pick<UpdateEndpointRequest, "networkVolumes" | "registry" | "dataCenterIds">,
): void {
  for (const id of request.networkVolumes ?? []) networkVolumes.owned(store, caller, id);
  checkRegistryReference(store, caller, request.registry);
  for (const id of request.dataCenterIds ?? []) {
    if (findDataCenter(id) === undefined) throw new Problem(400, `Unknown data center "${id}" in dataCenterIds`);
  }
}

/** The GPU selection of a create body, with the template's CUDA set seeded when the body states no constraint. */
export function gpuForCreate(gpu: NonNullable<CreateEndpointRequest["gpu"]>, template: Template | undefined): EndpointGpuConfig {
  const seeded = gpu.allowedCudaVersions === undefined && gpu.minCudaVersion === undefined ? (template?.allowedCudaVersions ?? []) : [];
  return checkGpuSelection({
    pools: gpu.pools,
    ...(gpu.excludedTypes === undefined ? {} : { excludedTypes: gpu.excludedTypes }),
    count: gpu.count,
    allowedCudaVersions: gpu.allowedCudaVersions ?? [...seeded],
    minCudaVersion: gpu.minCudaVersion ?? null,
  });
}

/** A GPU PATCH on the current selection: `pools` replaces pools and exclusions together; "" clears the CUDA floor. */
export function gpuForPatch(current: EndpointGpuConfig, patch: NonNullable<UpdateEndpointRequest["gpu"]>): EndpointGpuConfig {
  if (patch.excludedTypes !== undefined && patch.pools === undefined) {
    throw new Problem(400, "gpu.excludedTypes needs gpu.pools: the two are one selection");
  }
  const { excludedTypes: _currentExclusions, ...rest } = current;
  const selection = patch.pools === undefined ? current : { ...rest, pools: patch.pools, excludedTypes: patch.excludedTypes ?? [] };
  return checkGpuSelection({
    ...selection,
    count: patch.count ?? current.count,
    allowedCudaVersions: patch.allowedCudaVersions ?? current.allowedCudaVersions,
    minCudaVersion: patch.minCudaVersion === undefined ? current.minCudaVersion : patch.minCudaVersion || null,
  });
}

/** The container fields whose change rolls out as a new release. */
export const RELEASED_FIELDS = ["image", "args", "disk", "env", "ports", "registry"] as const satisfies ReadonlyArray<keyof EndpointRecord>;
