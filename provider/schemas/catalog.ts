import { z } from "zod";

const availability = z.enum(["NONE", "LOW", "MEDIUM", "HIGH"]);
const dataCenterAvailability = z.object({ id: z.string(), name: z.string(), availability });

export const gpuTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  manufacturer: z.string(),
  memory: z.int(),
  secure: z.boolean(),
  community: z.boolean(),
  price: z.object({ secure: z.number(), community: z.number(), serverless: z.number().optional() }),
  maxCount: z.object({ secure: z.int(), community: z.int() }),
  availability: availability.optional(),
  dataCenters: z.array(dataCenterAvailability).optional(),
  cudaVersions: z.array(z.object({ version: z.string(), available: z.boolean() })).optional(),
});
/** A GPU type from the catalog. */
export type GpuType = z.infer<typeof gpuTypeSchema>;
export const gpuTypeListSchema = z.object({ gpus: z.array(gpuTypeSchema) });

export const cpuTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  group: z.string(),
  vcpu: z.object({ min: z.int(), max: z.int() }),
  ramGbPerVcpu: z.number(),
  price: z.object({ securePerVcpu: z.number(), serverlessPerVcpu: z.number() }),
  availability: availability.optional(),
  dataCenters: z.array(dataCenterAvailability).optional(),
});
/** A CPU flavor from the catalog. */
export type CpuType = z.infer<typeof cpuTypeSchema>;
export const cpuTypeListSchema = z.object({ cpus: z.array(cpuTypeSchema) });

export const dataCenterSchema = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string(),
  globalNetwork: z.boolean(),
  networkVolumeTypes: z.array(z.string()),
  compliance: z.array(z.string()),
});
/** A data center from the catalog. */
export type DataCenter = z.infer<typeof dataCenterSchema>;
export const dataCenterListSchema = z.object({ dataCenters: z.array(dataCenterSchema) });
