import { z } from "zod";
import { TEMPLATE_SOURCES } from "../data/publicTemplates";
import { container, cudaVersion, optionalContainer, persistentMount } from "../schemas";
import { TEMPLATE_CATEGORIES } from "../wire";

/** Templates mount only persistent storage; `network` is refused before validation, with 422. */
const templateMounts = z.strictObject({ persistent: persistentMount.optional() });

/** Body of `POST /v2/templates`. */
export const createTemplateRequest = z.strictObject({
  name: z.string().min(1),
  image: container.image,
  args: container.args.default(""),
  disk: container.disk.default(20),
  env: container.env.default({}),
  ports: container.ports.default([]),
  registry: container.registry.default(null),
  mounts: templateMounts.default({}),
  public: z.boolean().default(false),
  serverless: z.boolean().default(false),
  category: z.enum(TEMPLATE_CATEGORIES).default("NVIDIA"),
  startSsh: z.boolean().default(true),
  startJupyter: z.boolean().default(true),
  allowedCudaVersions: z.array(cudaVersion).default([]),
});

/** Every field changes in place; `mounts` omitted or `{}` leaves the mount as it is, so a mount is never removed. */
export const updateTemplateRequest = z.strictObject({
  name: z.string().min(1).optional(),
  ...optionalContainer,
  mounts: templateMounts.optional(),
  public: z.boolean().optional(),
  serverless: z.boolean().optional(),
  category: z.enum(TEMPLATE_CATEGORIES).optional(),
  startSsh: z.boolean().optional(),
  startJupyter: z.boolean().optional(),
  allowedCudaVersions: z.array(cudaVersion).optional(),
});

/** Query of `GET /v2/catalog/templates`. */
export const publicTemplatesQuery = z.object({ source: z.enum(TEMPLATE_SOURCES).default("official") });
