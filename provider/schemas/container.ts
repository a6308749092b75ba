import { z } from "zod";

/** Validators of the container settings that pods and templates share. */

/** A CUDA version as `major.minor`. */
export const cudaVersion = z.string().regex(/^\d+\.\d+$/, "must be a CUDA version like 12.4");

/** A mount path inside the container. */
export const mountPath = z.string().startsWith("/", "must be an absolute path");

/** An exposed port: `"<port>/http"` or `"<port>/tcp"`. */
export const port = z.string().refine((value) => {
  const match = /^(\d{1,5})\/(http|tcp)$/.exec(value);
  return match !== null && Number(match[1]) >= 1 && Number(match[1]) <= 65535;
}, 'must be "<port>/http" or "<port>/tcp" with a port from 1 to 65535');
