import type { EmulatorKind, KindSnapshot } from "../kind";
import type { Registry } from "../wire";
import { registries } from "./openapi";
import { REGISTRY_OPERATIONS } from "./operations";

/** Registries are shown without their write-only credentials. */
const snapshot: KindSnapshot<"registries", Registry[]> = {
  key: "registries",
  show: (context) =>
    context.store.allAccounts().flatMap((account) => [...account.registries.values()].map((record) => ({ ...record.registry }))),
};

/** Container registry credentials. */
export const registryKind = {
  collection: "registries",
  operations: REGISTRY_OPERATIONS,
  openapi: registries,
  snapshot,
} satisfies EmulatorKind;
