import { z } from "zod";
import type { CrossFieldRule } from "./crossFieldRules";

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
