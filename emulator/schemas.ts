import { z } from "zod";
import { COMPLIANCE_CERTIFICATIONS, CPU_PRODUCTS, DATA_CENTER_REGIONS, GPU_PRODUCTS } from "./data/catalog";
import { CLOUDS, POD_ACTIONS, VOLUME_TYPES } from "./wire";

/** Request bodies as the v2 spec bounds them. Every object is strict: an unknown property is a 400. */

export const cudaVersion = z.string().regex(/^\d+\.\d+$/, "must be a CUDA version like 12.4");

const gpuRequest = z.strictObject({
  id: z.string().min(1),
  count: z.int().min(1).default(1),
  allowedCudaVersions: z.array(cudaVersion).optional(),
  minCudaVersion: cudaVersion.optional(),
});

export const vcpuCount = z
  .int()
  .min(2)
  .refine((count) => (count & (count - 1)) === 0, "must be a power of two");

const cpuRequest = z.strictObject({ id: z.string().min(1), vcpuCount, memory: z.int().min(1) });

export const persistentMount = z.strictObject({ size: z.int().min(10), path: z.string() });
const networkMount = z.strictObject({ volumeId: z.string(), path: z.string() });

export const mountsRequest = z.strictObject({
  persistent: persistentMount.optional(),
  network: z.array(networkMount).max(1).optional(),
});

const port = z
  .string()
  .regex(/^\d{1,5}\/(http|tcp)$/, "must be PORT/http or PORT/tcp")
  .refine((value) => {
    const number = Number(value.split("/")[0]);
    return number >= 1 && number <= 65535;
  }, "port number must be between 1 and 65535");

/** Container settings shared by pods and templates. */
export const container = {
  image: z.string(),
  args: z.string(),
  disk: z.int().min(1),
  env: z.record(z.string(), z.string()),
  ports: z.array(port),
  registry: z.string().nullable(),
};

/** The container settings of a change, each optional: what a body leaves out stays as it is. */
export const optionalContainer = {
  image: container.image.optional(),
  args: container.args.optional(),
  disk: container.disk.optional(),
  env: container.env.optional(),
  ports: container.ports.optional(),
  registry: container.registry.optional(),
};

export const createPodRequest = z.strictObject({
  name: z.string().min(1),
  image: container.image,
  gpu: gpuRequest.optional(),
  cpu: cpuRequest.optional(),
  mounts: mountsRequest.optional(),
  cloud: z.enum(CLOUDS).default("SECURE"),
  args: container.args.default(""),
  disk: container.disk.default(20),
  env: container.env.default({}),
  ports: container.ports.default([]),
  registry: container.registry.default(null),
  dataCenterIds: z.array(z.string().min(1)).optional(),
  globalNetworking: z.boolean().default(false),
  startSsh: z.boolean().default(false),
  startJupyter: z.boolean().default(false),
});

/**
 * A pod create body that names a template: the container settings the template supplies are optional and
 * take no default here, so that the template fills whatever the body leaves out.
 */
export const createPodFromTemplateRequest = createPodRequest.extend({
  templateId: z.string().min(1),
  ...optionalContainer,
  startSsh: z.boolean().optional(),
  startJupyter: z.boolean().optional(),
});

export type CreatePodRequest = z.output<typeof createPodRequest>;
export type CreatePodFromTemplateRequest = z.output<typeof createPodFromTemplateRequest>;

export const updatePodRequest = z.strictObject({
  name: z.string().min(1).optional(),
  templateId: z.string().min(1).optional(),
  ...optionalContainer,
  locked: z.boolean().optional(),
  globalNetworking: z.boolean().optional(),
  mounts: mountsRequest.optional(),
});

export const podActionRequest = z.strictObject({ action: z.enum(POD_ACTIONS) });

export type UpdatePodRequest = z.output<typeof updatePodRequest>;
export type MountsRequest = z.output<typeof mountsRequest>;
export type GpuRequest = z.output<typeof gpuRequest>;
export type CpuRequest = z.output<typeof cpuRequest>;

/** Query of a pod's or a worker's log stream; other parameters are ignored. */
export const logQuery = z.object({
  source: z.enum(["container", "system"]).optional(),
  tail: z.coerce.number().pipe(z.int().min(0).max(5000)).default(100),
  since: z.iso.datetime({ offset: true }).optional(),
});

/** A comma-separated query parameter whose entries come from a fixed set. */
function commaList<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z
    .string()
    .transform((value) => value.split(","))
    .pipe(z.array(z.enum(values)));
}

/** A comma-separated query parameter whose entries are checked after parsing (a malformed entry is a 422). */
const commaStrings = z.string().transform((value) => value.split(","));

/** An integer query parameter. */
function queryInteger<const Bound extends z.ZodInt>(bounds: Bound) {
  return z.coerce.number().pipe(bounds);
}

/** Query of a GPU or CPU catalog read: availability is added on request, for the products stated. */
function availabilityQuery<const Products extends readonly [string, ...string[]]>(products: Products) {
  return z.object({ include: commaList(["AVAILABILITY"]).optional(), product: commaList(products).optional() });
}

/** Query of `GET /v2/catalog/gpus[/{id}]`; everything but `include` scopes the availability, and needs it. */
export const gpuCatalogQuery = availabilityQuery(GPU_PRODUCTS).extend({
  count: queryInteger(z.int().min(1)).optional(),
  cloud: z.enum(CLOUDS).optional(),
  countryCodes: commaStrings.optional(),
  cudaVersions: commaStrings.optional(),
  minCudaVersion: z.string().optional(),
});

/** Query of `GET /v2/catalog/cpus[/{id}]`. */
export const cpuCatalogQuery = availabilityQuery(CPU_PRODUCTS).extend({
  vcpuCount: queryInteger(cpuRequest.shape.vcpuCount).optional(),
});

/** What a data center read may add: what it offers of each GPU type or CPU flavor. */
export const DATA_CENTER_INCLUDES = ["GPU_AVAILABILITY", "CPU_AVAILABILITY"] as const;

/** Query of `GET /v2/catalog/datacenters/{id}`. */
export const dataCenterCatalogQuery = z.object({
  include: commaList(DATA_CENTER_INCLUDES).optional(),
});

/** Query of `GET /v2/catalog/datacenters`: filter families combine with AND. */
export const dataCenterListQuery = dataCenterCatalogQuery.extend({
  regions: commaList(DATA_CENTER_REGIONS).optional(),
  networkVolumeTypes: commaList(VOLUME_TYPES).optional(),
  compliance: commaList(COMPLIANCE_CERTIFICATIONS).optional(),
  globalNetwork: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
});

/** Query of `GET /v2/pods`. */
export const podListQuery = z.object({
  includeClusterPods: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
});

/** A job API request body: one `input` object. */
export const jobRequest = z.object({ input: z.record(z.string(), z.unknown()) });
