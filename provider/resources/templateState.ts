import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { CheckedTemplateInputs, CreateTemplateRequest, Template, UpdateTemplateRequest } from "../schemas/template";
import { diffResult } from "./lifecycle/diffResult";
import { sameValue } from "./lifecycle/sameValue";
import { stripUndefined } from "./lifecycle/engineProperties";

/** A `Template` resource's outputs: the v2 Template without `id`, which Pulumi reserves. */
export type TemplateOutputs = Omit<Template, "id">;

/** Every field of a template; a PATCH changes each of them in place. */
const TEMPLATE_FIELDS = [
  "name",
  "image",
  "args",
  "disk",
  "env",
  "ports",
  "registry",
  "mounts",
  "public",
  "serverless",
  "category",
  "startSsh",
  "startJupyter",
  "allowedCudaVersions",
] as const satisfies ReadonlyArray<keyof TemplateOutputs & keyof CheckedTemplateInputs>;
type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/** What state records for a template. */
export function templateOutputs(template: Template): TemplateOutputs {
  const { id: _id, ...fields } = template;
  return stripUndefined(fields);
}

/**
 * Compares the recorded template with the arguments. Everything changes in place except the removal of the
 * persistent mount: a PATCH keeps the mount when `mounts` is empty, so only a new template drops it.
 */
export function diffTemplate(olds: TemplateOutputs, news: CheckedTemplateInputs): dynamic.DiffResult {
  return diffResult(templateUpdates(olds, news), removesMount(olds, news) ? ["mounts"] : []);
}

/** The fields whose value differs and that a PATCH can bring to the arguments. */
export function templateUpdates(olds: TemplateOutputs, news: CheckedTemplateInputs): TemplateField[] {
  return TEMPLATE_FIELDS.filter(
    (field) => !sameValue(olds[field], news[field]) && !(field === "mounts" && removesMount(olds, news)),
  );
}

/** The PATCH body that brings a live template to the arguments: exactly the fields that differ. */
export function templatePatch(live: TemplateOutputs, news: CheckedTemplateInputs): UpdateTemplateRequest {
  const patch: Record<string, unknown> = {};
  for (const field of templateUpdates(live, news)) patch[field] = news[field];
  return patch as UpdateTemplateRequest;
}

/** Whether a listed template is what this create request would have made: every field equal. */
export function matchesCreateRequest(template: Template, request: Required<CreateTemplateRequest>): boolean {
  return TEMPLATE_FIELDS.every((field) => sameValue(template[field], request[field]));
}

/** True when the template has a persistent mount that the arguments no longer declare. A value unknown at preview is no removal. */
export function removesMount(olds: TemplateOutputs, news: CheckedTemplateInputs): boolean {
  const declared: unknown = news.mounts;
  const isObject = typeof declared === "object" && declared !== null;
  return olds.mounts?.persistent !== undefined && isObject && news.mounts.persistent === undefined;
}
