import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeepInput } from "../resources/deepInput";
import { type Template, type TemplateSource, templateSources } from "../resources/template/inputs";
import { sharedClient } from "../sharedClient";
import { outputForm } from "./outputForm";
import { matching } from "./matching";
import { parseArgs } from "./parseArgs";
import { readById } from "./readById";

/** Arguments of {@link getTemplate}. */
export interface GetTemplateArgs {
  /** Id of one of the account's templates or of a public one. */
  id: string;
}

/** Where {@link getTemplates} looks: the account's own templates, or one slice of the public catalog. */
export type TemplateListSource = "own" | TemplateSource;

/** Arguments of {@link getTemplates}. */
export interface GetTemplatesArgs {
  /** Only templates with exactly this name. */
  name?: string;
  /**
   * `own` lists the account's templates (public or not); `official`, `verified` and `community` list that slice
   * of the public catalog, which holds at most 100 templates per slice. @default "own"
   */
  source?: TemplateListSource;
}

/** Result of {@link getTemplates}, shaped as the v2 template list. */
export interface GetTemplatesResult {
  /** The matching templates, in the order the API lists them. */
  templates: Template[];
}

const getTemplatesArgsSchema = z.strictObject({
  name: z.string().optional(),
  source: z.enum(["own", ...templateSources]).optional(),
});

/**
 * A template as the v2 API returns it now: one of the account's own, or a public one (whose `registry` is
 * null unless it is the account's own). Fails with a message naming the id when there is no such template.
 *
 * @example
 * const pytorch = await cp.getTemplate({ id: "cp-pytorch-24" });
 */
export async function getTemplate(args: GetTemplateArgs): Promise<Template> {
  return readById("getTemplate", "template", args, (id) => sharedClient().templates.get(id));
}

/** {@link getTemplate} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getTemplateOutput(args: DeepInput<GetTemplateArgs>): pulumi.Output<Template> {
  return outputForm(getTemplate, args);
}

/**
 * The account's templates, or a slice of the public catalog, optionally narrowed to one name.
 *
 * @example
 * const { templates } = await cp.getTemplates({ source: "official", name: "PyTorch 2.4" });
 */
export async function getTemplates(args: GetTemplatesArgs = {}): Promise<GetTemplatesResult> {
  const { name, source = "own" } = parseArgs("getTemplates", getTemplatesArgsSchema, args);
  const client = sharedClient().templates;
  // The API filters by nothing but the catalog slice; the name is matched here.
  const listed = source === "own" ? await client.list() : await client.listPublic({ source });
  return { templates: matching(listed, { name }) };
}

/** {@link getTemplates} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getTemplatesOutput(args?: DeepInput<GetTemplatesArgs>): pulumi.Output<GetTemplatesResult> {
  return outputForm<GetTemplatesArgs, GetTemplatesResult>(getTemplates, args);
}
