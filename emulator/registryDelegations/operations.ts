import type { Operation } from "../http/operation";
import { createRegistryDelegation } from "./createRegistryDelegation";
import { deleteRegistryDelegation } from "./deleteRegistryDelegation";
import { listRegistryDelegations } from "./listRegistryDelegations";

/**
 * Every operation on `/v2/registries/delegations`, pull access to ECR repositories: listed, created and revoked, never
 * read alone or changed. These static paths take precedence over `/v2/registries/{id}`, and no registry id is ever
 * `delegations`.
 */
export const DELEGATION_OPERATIONS: readonly Operation[] = [listRegistryDelegations, createRegistryDelegation, deleteRegistryDelegation];
