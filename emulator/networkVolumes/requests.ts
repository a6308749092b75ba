import { z } from "zod";
import { VOLUME_TYPES } from "../wire";

/** Body of `POST /v2/network-volumes`. */
export const createNetworkVolumeRequest = z.strictObject({
  name: z.string().min(1),
  size: z.int().min(10).max(4096),
  dataCenter: z.string().min(1),
  type: z.enum(VOLUME_TYPES).default("STANDARD"),
});

/** Body of `PATCH /v2/network-volumes/{id}`. */
export const updateNetworkVolumeRequest = z.strictObject({
  name: z.string().min(1).optional(),
  size: z.int().min(10).max(4096).optional(),
});
