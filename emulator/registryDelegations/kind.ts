import type { EmulatorKind, KindSnapshot } from "../kind";
import type { EcrDelegation } from "../wire";
import { registryDelegations } from "./openapi";
import { DELEGATION_OPERATIONS } from "./operations";

const snapshot: KindSnapshot<"delegations", EcrDelegation[]> = {
  key: "delegations",
  show: (context) =>
    context.store.allAccounts().flatMap((account) => [...account.delegations.values()].map((record) => ({ ...record.delegation }))),
};

/** Pull access delegated on ECR repositories. */
export const registryDelegationKind = {
  collection: "delegations",
  operations: DELEGATION_OPERATIONS,
  openapi: registryDelegations,
  snapshot,
} satisfies EmulatorKind;
