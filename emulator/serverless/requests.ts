import { z } from "zod";
import { cudaVersion, optionalContainer, vcpuCount } from "../schemas";
import { ENDPOINT_TYPES, FLASHBOOT_MODES } from "../wire";

/** Exact duplicates are refused, as the API refuses them. */
const withoutDuplicates = <T>(items: T[]) => new Set(items.map((item) => JSON.stringify(item))).size === items.length;

const endpointGpu = {
  pools: z.array(z.string().min(1)).min(1),
  excludedTypes: z.array(z.string().trim().min(1)).refine(withoutDuplicates, "must not list a GPU type twice").optional(),
  count: z.int().min(1),
  allowedCudaVersions: z.array(cudaVersion).optional(),
};

const endpointCpu = z
  .array(z.strictObject({ id: z.string().min(1), vcpuCount }))
  .min(1)
  .refine(withoutDuplicates, "must not list a configuration twice");

const endpointWorkers = {
  min: z.int().min(0),
  max: z.int().min(0),
  idleTimeout: z.int().min(1).max(3600),
};

export const endpointScaling = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("QUEUE_DELAY"), queueDelay: z.number().min(0.5) }),
  z.strictObject({ type: z.literal("REQUEST_COUNT"), requestCount: z.int().min(1) }),
]);

const endpointSettings = {
  dataCenterIds: z.array(z.string().min(1)),
  networkVolumes: z.array(z.string().min(1)),
  timeout: z.int().min(1),
  flashboot: z.enum(FLASHBOOT_MODES),
};

/** A serverless endpoint create body; the container settings a template supplies take no default here. */
export const createEndpointRequest = z.strictObject({
  name: z.string().min(1),
  type: z.enum(ENDPOINT_TYPES),
  templateId: z.string().min(1).optional(),
  ...optionalContainer,
  gpu: z.strictObject({ ...endpointGpu, count: endpointGpu.count.default(1), minCudaVersion: cudaVersion.optional() }).optional(),
  cpu: endpointCpu.optional(),
  workers: z
    .strictObject({
      min: endpointWorkers.min.default(0),
      max: endpointWorkers.max.default(3),
      idleTimeout: endpointWorkers.idleTimeout.optional(),
    })
    .default({ min: 0, max: 3 }),
  scaling: endpointScaling,
  dataCenterIds: endpointSettings.dataCenterIds.default([]),
  networkVolumes: endpointSettings.networkVolumes.default([]),
  timeout: endpointSettings.timeout.default(300000),
  flashboot: endpointSettings.flashboot.default("OFF"),
});

/** A serverless endpoint PATCH: what it leaves out stays as it is; `type` never changes. */
export const updateEndpointRequest = z.strictObject({
  name: z.string().min(1).optional(),
  templateId: z.string().min(1).optional(),
  ...optionalContainer,
  gpu: z
    .strictObject({
      pools: endpointGpu.pools.optional(),
      excludedTypes: endpointGpu.excludedTypes,
      count: endpointGpu.count.optional(),
      allowedCudaVersions: endpointGpu.allowedCudaVersions,
      minCudaVersion: z.union([z.literal(""), cudaVersion]).optional(),
    })
    .optional(),
  cpu: endpointCpu.optional(),
  workers: z
    .strictObject({
      min: endpointWorkers.min.optional(),
      max: endpointWorkers.max.optional(),
      idleTimeout: endpointWorkers.idleTimeout.optional(),
    })
    .optional(),
  scaling: endpointScaling.optional(),
  dataCenterIds: endpointSettings.dataCenterIds.optional(),
  networkVolumes: endpointSettings.networkVolumes.optional(),
  timeout: endpointSettings.timeout.optional(),
  flashboot: endpointSettings.flashboot.optional(),
});

export type CreateEndpointRequest = z.output<typeof createEndpointRequest>;
export type UpdateEndpointRequest = z.output<typeof updateEndpointRequest>;
