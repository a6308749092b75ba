import { PUBLIC_TEMPLATE_LIMIT, PUBLIC_TEMPLATES, type TemplateSource } from "../data/publicTemplates";
import type { Caller } from "../http/auth";
import type { Store } from "../store";
import type { Template } from "../wire";

/**
 * One slice of the public catalog as `caller` sees it. `community` also holds the templates other accounts made
 * public; the caller's own are listed under `/v2/templates` instead.
 */
export function publicTemplates(store: Store, caller: Caller, source: TemplateSource): Template[] {
  const builtIn = PUBLIC_TEMPLATES.filter((entry) => entry.source === source).map((entry) => structuredClone(entry.template));
  const shared = source === "community" ? sharedByOthers(store, caller) : [];
  return [...builtIn, ...shared].slice(0, PUBLIC_TEMPLATE_LIMIT);
}

/**
 * A template `caller` may read and use: its own as stored, or a public one (a catalog template, or one another
 * account made public) without the registry credential, which only its owner may use.
 */
export function readableTemplate(store: Store, caller: Caller, id: string): Template | undefined {
  const record = store.find("templates", id);
  if (record?.account === caller.account) return structuredClone(record.template);
  if (record?.template.public) return asSeenByOthers(record.template);
  const entry = PUBLIC_TEMPLATES.find((candidate) => candidate.template.id === id);
  return entry === undefined ? undefined : structuredClone(entry.template);
}

function sharedByOthers(store: Store, caller: Caller): Template[] {
  return store
    .allAccounts()
    .filter((account) => account.name !== caller.account)
    .flatMap((account) => [...account.templates.values()])
    .filter((record) => record.template.public)
    .map((record) => asSeenByOthers(record.template));
}

function asSeenByOthers(template: Template): Template {
  return { ...structuredClone(template), registry: null };
}
