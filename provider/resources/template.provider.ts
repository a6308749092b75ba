// The dynamic provider of `Template`. Pulumi serializes this module as `require(<this file>)`, so it exports
// the provider methods and nothing else, and reads its settings only when called.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { BadRequestError } from "../client/errors";
import {
  type CheckedTemplateInputs,
  type Template,
  type TemplateInputs,
  templateInputsSchema,
  withTemplateDefaults,
} from "../schemas/template";
import { sharedClient } from "../sharedClient";
import { resolveName } from "./autoName";
import { createOnce } from "./lifecycle/createOnce";
import { ownProperties } from "./lifecycle/engineProperties";
import { refuseReplacingAdopted } from "./lifecycle/diffResult";
import { sameValue } from "./lifecycle/sameValue";
import { unlessNotFound } from "./lifecycle/notFound";
import { validate } from "./lifecycle/validate";
import { diffTemplate, matchesCreateRequest, removesMount, type TemplateOutputs, templateOutputs, templatePatch } from "./templateState";

export { configure } from "../config";

export async function check(
  olds: Partial<TemplateInputs>,
  props: TemplateInputs,
): Promise<dynamic.CheckResult<CheckedTemplateInputs>> {
  const news = ownProperties(resolveName(olds, props));
  const failures = validate(templateInputsSchema, news);
  return failures.length > 0 ? { failures } : { inputs: withTemplateDefaults(news) };
}

export async function diff(id: string, olds: TemplateOutputs, news: CheckedTemplateInputs): Promise<dynamic.DiffResult> {
  const result = diffTemplate(olds, news);
  refuseReplacingAdopted("template", id, news.adopt, result.replaces ?? []);
  return result;
}

export async function create(props: CheckedTemplateInputs): Promise<dynamic.CreateResult<TemplateOutputs>> {
  const client = sharedClient();
  const inputs = ownProperties(props);
  const { adopt, ...body } = inputs;
  const template = adopt
    ? await adoptTemplate(adopt, inputs)
    : await createOnce({
        what: `template "${body.name}"`,
        source: client.templates,
        create: () => client.templates.create(body),
        matches: (candidate) => matchesCreateRequest(candidate, body),
        clock: client.clock,
      });
  return { id: template.id, outs: templateOutputs(template) };
}

export async function read(id: string, props: TemplateOutputs): Promise<dynamic.ReadResult<TemplateOutputs>> {
  const template = await unlessNotFound(() => sharedClient().templates.get(id));
  if (!template) return { id: "" };
  const refreshed = templateOutputs(template);
  // Every field is an argument, so the live template is also what the arguments would be after a change elsewhere.
  return sameValue(ownProperties(props), refreshed) ? { id, props: refreshed } : { id, props: refreshed, inputs: refreshed };
}

export async function update(
  id: string,
  olds: TemplateOutputs,
  props: CheckedTemplateInputs,
): Promise<dynamic.UpdateResult<TemplateOutputs>> {
  const client = sharedClient();
  const patch = templatePatch(olds, ownProperties(props));
  const template = Object.keys(patch).length > 0 ? await client.templates.update(id, patch) : await client.templates.get(id);
  return { outs: templateOutputs(template) };
}

async function deleteTemplate(id: string): Promise<void> {
  const client = sharedClient();
  try {
    await unlessNotFound(() => client.templates.delete(id));
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    const users = (await client.pods.list({ includeClusterPods: true })).filter((pod) => pod.template === id);
    if (users.length === 0) throw error;
    const pods = users.map((pod) => `${pod.id} (${pod.name})`).join(", ");
    const [subject, them] = users.length === 1 ? [`pod ${pods}`, "it"] : [`pods ${pods}`, "them"];
    throw new Error(
      `template ${id} cannot be deleted: it is still used by ${subject}. Delete ${them} or move ${them} off the ` +
        "template (recreate without templateId) first",
      { cause: error },
    );
  }
}
export { deleteTemplate as delete };

/**
 * Takes over one of the account's templates and PATCHes it to the arguments. Public templates of the catalog
 * or of other accounts are readable but not the account's to change, so they cannot be adopted; nor can a mount
 * the template has and the arguments lack be removed.
 */
async function adoptTemplate(id: string, inputs: CheckedTemplateInputs): Promise<Template> {
  const client = sharedClient();
  const live = (await client.templates.list()).find((template) => template.id === id);
  if (live === undefined) throw new Error(`adopt: the account has no template with id "${id}"`);
  const outputs = templateOutputs(live);
  if (removesMount(outputs, inputs)) {
    throw new Error(
      `adopt: template "${id}" has a persistent mount the arguments do not declare, and a mount cannot be removed in place; ` +
        `declare mounts.persistent ${JSON.stringify(live.mounts.persistent)} or create a new template instead`,
    );
  }
  const patch = templatePatch(outputs, inputs);
  return Object.keys(patch).length > 0 ? client.templates.update(id, patch) : live;
}
