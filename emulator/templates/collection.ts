import { collection } from "../collection";
import type { Template } from "../wire";

export interface TemplateRecord {
  account: string;
  template: Template;
}

declare module "../store" {
  interface Collections {
    templates: TemplateRecord;
  }
}

/**
 * The account's templates, at `/v2/templates`. Another account's public template answers 404 to a change or a
 * delete, as the catalog's do: everyone may read it, only its owner changes it. Another account's private one
 * answers 403, like any foreign id.
 */
export const templates = collection({
  name: "templates",
  path: "/templates",
  noun: "Template",
  what: "template",
  schema: "Template",
  idDescription: "Template id",
  idOf: (record) => record.template.id,
  view: (record) => structuredClone(record.template),
  hiddenFrom: (record, caller) => record.account !== caller.account && record.template.public,
});
