import type { EmulatorKind, KindSnapshot } from "../kind";
import type { Template } from "../wire";
import { templates } from "./openapi";
import { TEMPLATE_OPERATIONS } from "./operations";

const snapshot: KindSnapshot<"templates", Template[]> = {
  key: "templates",
  show: (context) =>
    context.store.allAccounts().flatMap((account) => [...account.templates.values()].map((record) => structuredClone(record.template))),
};

/** Templates, and the public template catalog. */
export const templateKind = {
  collection: "templates",
  operations: TEMPLATE_OPERATIONS,
  openapi: templates,
  snapshot,
} satisfies EmulatorKind;
