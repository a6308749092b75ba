import { z } from "zod";
import { container, mountsRequest } from "../schemas";
import { CLUSTER_TYPES } from "../wire";

/** Body of `POST /v2/clusters`. */
export const createClusterRequest = z.strictObject({
  name: z.string().min(1),
  type: z.enum(CLUSTER_TYPES),
  compute: z.strictObject({
    gpuTypeId: z.string().min(1),
    gpuCountPerPod: z.int().min(1),
    podCount: z.int().min(2).max(250),
  }),
  image: container.image,
  args: container.args.default(""),
  disk: container.disk.default(20),
  env: container.env.default({}),
  ports: container.ports.default([]),
  dataCenterIds: z.array(z.string().min(1)).optional(),
  mounts: mountsRequest.optional(),
  startSsh: z.boolean().default(false),
  startJupyter: z.boolean().default(false),
});

/** Only the name of a cluster changes after create. */
export const updateClusterRequest = z.strictObject({ name: z.string().min(1) });
