import { z } from "zod";
import type { Named } from "../autoName";
import { cudaVersion } from "../container/containerRules";
import { type ContainerSettingsInputs, containerSettingsInputs, containerSettingsSchema } from "../container/containerSettings";

/** How a template is grouped in listings; it does not affect where pods run or what they cost. */
export const templateCategories = ["CPU", "NVIDIA", "AMD"] as const;
export type TemplateCategory = (typeof templateCategories)[number];

/** The slices of the public template catalog: curated, verified community, and all other shared templates. */
export const templateSources = ["official", "verified", "community"] as const;
export type TemplateSource = (typeof templateSources)[number];

// ---------------------------------------------------------------------------
// Arguments (what a program declares). TSDoc here is what users read in their editor.
// ---------------------------------------------------------------------------

/** Host-local storage that GPU pods made from the template get; CPU pods do without it. */
export interface TemplatePersistentMountInputs {
  /**
   * Size in GB. Minimum 10. Changes in place (pods already made keep theirs).
   * @TJS-type integer
   * @minimum 10
   */
  size: number;
  /** Mount path in the container. Changes in place. */
  path: string;
}

/** Storage of pods made from the template. Templates mount only persistent storage. */
export interface TemplateMountsInputs {
  /**
   * A persistent mount. Adding or changing it happens in place; removing it replaces the template, because the
   * API cannot take a template's mount away.
   */
  persistent?: TemplatePersistentMountInputs;
}

/**
 * The arguments of a `Template`, as plain values. Pods and endpoints copy a template's values when they name
 * it; editing it afterwards never reaches them. Every argument but the removal of `mounts.persistent` changes
 * in place; that removal replaces the template, and the pods naming it move to the new one in place.
 */
export interface TemplateInputs extends ContainerSettingsInputs {
  /**
   * Display name.
   * Without it, the resource is named after its logical name, a dash and seven random hex digits, and
   * keeps that name across updates.
   * @minLength 1
   */
  name?: string;
  /** Container image reference, for example `"org/trainer:1.4"`. */
  image: string;
  /**
   * Id of one of the account's container registry credentials (a `Registry`), for a private image. Other
   * accounts using a public template never get it. Deleting the credential clears it. Pods made from the
   * template keep the credential they started with; set `registry` on a pod too when it must follow a
   * rotated credential. @default null
   */
  registry?: string | null;
  /** Storage of pods made from the template. None when not set. @default {} */
  mounts?: TemplateMountsInputs;
  /** List the template in the public catalog, for every account to read and start pods from. @default false */
  public?: boolean;
  /** A template for serverless workers instead of pods; pods cannot be made from it. @default false */
  serverless?: boolean;
  /** Listing group: `CPU`, `NVIDIA` or `AMD`. @default "NVIDIA" */
  category?: TemplateCategory;
  /** Pods made from it get the account's SSH public keys as `PUBLIC_KEY`, unless they set that key. @default true */
  startSsh?: boolean;
  /** Pods made from it get a generated `JUPYTER_PASSWORD`, unless they set that key. @default true */
  startJupyter?: boolean;
  /**
   * CUDA versions (`major.minor`) the host of a GPU pod made from it may run; empty means any. A pod that sets
   * its own CUDA constraint replaces this one; CPU pods ignore it.
   * @TJS-type array
   * @items.type string
   * @items.pattern ^[0-9]+\.[0-9]+$
   * @default []
   */
  allowedCudaVersions?: string[];
  /** Id of an existing template of the account to take over instead of creating one; it is then updated to these arguments. */
  adopt?: string;
}

const templateMountsInputs = z.strictObject({
  persistent: z.strictObject({ size: z.int().min(10), path: z.string() }).optional(),
  network: z.never({ error: "a template mounts only persistent storage; mount network volumes on the pods instead" }).optional(),
});

/** Validates `Template` arguments: every bound the API states, before any API call. */
export const templateInputsSchema = z.strictObject({
  name: z.string().min(1),
  ...containerSettingsInputs,
  image: z.string(),
  mounts: templateMountsInputs.optional(),
  public: z.boolean().optional(),
  serverless: z.boolean().optional(),
  category: z.enum(templateCategories).optional(),
  startSsh: z.boolean().optional(),
  startJupyter: z.boolean().optional(),
  allowedCudaVersions: z.array(cudaVersion).optional(),
  adopt: z.string().min(1).optional(),
});

// Compile-time proof that the validator and the documented argument type agree.
const templateInputsMatch: z.ZodType<Named<TemplateInputs>, Named<TemplateInputs>> = templateInputsSchema;
void templateInputsMatch;

// ---------------------------------------------------------------------------
// Wire shapes (what the API returns). Fields a newer API adds are dropped, not rejected.
// ---------------------------------------------------------------------------

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  ...containerSettingsSchema,
  mounts: z.object({ persistent: z.object({ size: z.int(), path: z.string() }).optional() }),
  public: z.boolean(),
  serverless: z.boolean(),
  category: z.enum(templateCategories),
  startSsh: z.boolean(),
  startJupyter: z.boolean(),
  allowedCudaVersions: z.array(z.string()),
});

/** A template as the v2 API returns it. */
export type Template = z.infer<typeof templateSchema>;

export const templateListSchema = z.object({ templates: z.array(templateSchema) });

/** Body of `POST /v2/templates`. */
export type CreateTemplateRequest = Omit<TemplateInputs, "adopt">;

/** Body of `PATCH /v2/templates/{id}`: only the fields to change. An omitted or empty `mounts` keeps the mount. */
export type UpdateTemplateRequest = Partial<CreateTemplateRequest>;
