import { z } from "zod";
import type { CrossFieldRule } from "../lifecycle/crossFieldRules";

/** Validators of the container settings that pods and templates share. */

/** A CUDA version as `major.minor`. */
export const cudaVersion = z.string().regex(/^\d+\.\d+$/, "must be a CUDA version like 12.4");

/** An exposed port: `"<port>/http"` or `"<port>/tcp"`. */
export const port = z.string().refine((value) => {
  const match = /^(\d{1,5})\/(http|tcp)$/.exec(value);
  return match !== null && Number(match[1]) >= 1 && Number(match[1]) <= 65535;
}, 'must be "<port>/http" or "<port>/tcp" with a port from 1 to 65535');

/** The container image comes from the arguments or from the template they name. */
export const imageOrTemplate: CrossFieldRule<{ image?: string; templateId?: string }> = (args, fail) => {
  if (args.image === undefined && args.templateId === undefined) fail(["image"], "required unless templateId is set");
};

/** A GPU's CUDA constraint is a floor or a list of versions, not both: an empty list states none, so it may go with a floor. */
export const cudaFloorOrList: CrossFieldRule<{ gpu?: { allowedCudaVersions?: string[]; minCudaVersion?: string } }> = ({ gpu }, fail) => {
  if (Array.isArray(gpu?.allowedCudaVersions) && gpu.allowedCudaVersions.length > 0 && gpu.minCudaVersion !== undefined) {
    fail(["gpu", "minCudaVersion"], "cannot be set with a non-empty gpu.allowedCudaVersions");
  }
};

/** The largest vCPU count asked for: 2^20, far beyond any flavor, so that the schema's `@TJS-enum` can list them all. */
const MAX_VCPU_COUNT = 2 ** 20;

/** Exact for every safe integer, unlike a bitwise test, which wraps above 2^31. */
const isPowerOfTwo = (n: number): boolean => Number.isSafeInteger(n) && n > 0 && 2 ** Math.round(Math.log2(n)) === n;

/** A CPU pod's or worker's vCPU count: a power of two from 2 to 2^20. */
export const vcpuCount = z.int().min(2).max(MAX_VCPU_COUNT).refine(isPowerOfTwo, "must be a power of two (2, 4, 8, ...)");
