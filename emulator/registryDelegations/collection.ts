import { collection } from "../collection";
import type { EcrDelegation } from "../wire";

export interface DelegationRecord {
  account: string;
  delegation: EcrDelegation;
}

declare module "../store" {
  interface Collections {
    delegations: DelegationRecord;
  }
}

/**
 * The account's pull access to ECR repositories, at `/v2/registries/delegations`: listed, created and revoked, never
 * read alone or changed. These static paths take precedence over `/v2/registries/{id}`, and no registry id is ever
 * `delegations`.
 */
export const delegations = collection({
  name: "delegations",
  path: "/registries/delegations",
  noun: "Delegation",
  what: "delegation",
  schema: "EcrDelegation",
  idDescription: "Delegation id",
  idOf: (record) => record.delegation.id,
  view: (record) => ({ ...record.delegation }),
});
