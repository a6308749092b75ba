import { type Template as LiveTemplate, type TemplateInputs, templateInputsSchema } from "./inputs";
import { createOnly, declaration, type Fields, inPlace, inPlaceUnless } from "../lifecycle/declaration";
import { withoutId } from "../lifecycle/engineProperties";
import { containerDefaults, containerSettingsFields, containerSettingsOutputs } from "../container/containerSettings";

/** A `Template` resource's outputs: the v2 Template without `id`, which Pulumi reserves. */
export type TemplateOutputs = Omit<LiveTemplate, "id">;

/**
 * True when the template has a persistent mount that the arguments no longer declare: a PATCH keeps the mount
 * when `mounts` is empty, so only a new template drops it. A value unknown at preview is no removal.
 */
function removesMount(olds: Pick<TemplateOutputs, "mounts">, news: Pick<TemplateInputs, "mounts">): boolean {
  const declared: unknown = news.mounts;
  const isObject = typeof declared === "object" && declared !== null;
  return olds.mounts?.persistent !== undefined && isObject && news.mounts?.persistent === undefined;
}

// Every field changes in place, but for the removal of the persistent mount.
const fields = {
  name: inPlace(),
  ...containerSettingsFields,
  // A template has none to inherit: it applies the defaults itself.
  args: inPlace({ default: containerDefaults.args }),
  disk: inPlace({ default: containerDefaults.disk }),
  ports: inPlace({ default: containerDefaults.ports }),
  registry: inPlace({ default: containerDefaults.registry }),
  mounts: inPlaceUnless(removesMount, { default: {}, cases: "the persistent mount is removed" }),
  public: inPlace({ default: false }),
  serverless: inPlace({ default: false }),
  category: inPlace({ default: "NVIDIA" }),
  startSsh: inPlace({ default: true }),
  startJupyter: inPlace({ default: true }),
  allowedCudaVersions: inPlace({ default: [] }),
  adopt: createOnly(),
} as const satisfies Fields<TemplateInputs>;

/** `Template`: what pods and endpoints start from. */
export const template = declaration<TemplateInputs, typeof fields, LiveTemplate, TemplateOutputs>()({
  type: "Template",
  what: "template",
  autoNamed: true,
  noun: "template",
  importable: true,
  fields,
  schema: templateInputsSchema,
  outputs: [
    "name",
    ...containerSettingsOutputs,
    "mounts",
    "public",
    "serverless",
    "category",
    "startSsh",
    "startJupyter",
    "allowedCudaVersions",
  ],
  api: (client) => client.templates,
  // Public templates of the catalog or of other accounts are readable, but not the account's to change.
  findOwn: async (client, id) => (await client.templates.list()).find((candidate) => candidate.id === id),
  outputsOf: withoutId,
  adoptRefusal: (live) =>
    "has a persistent mount the arguments do not declare, and a mount cannot be removed in place; " +
    `declare mounts.persistent ${JSON.stringify(live.mounts.persistent)} or create a new template instead`,
});
