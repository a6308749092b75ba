import type { Caller } from "../http/auth";
import { Problem } from "../http/problem";
import type { Store } from "../store";

/**
 * The registry credential a pod or template names, if any: 400 when it does not exist, 403 when another account
 * owns it.
 */
export function checkRegistryReference(store: Store, caller: Caller, registryId: string | null | undefined): void {
  if (registryId === null || registryId === undefined) return;
  const record = store.find("registries", registryId);
  if (record === undefined) throw new Problem(400, `Registry ${registryId} does not exist`);
  if (record.account !== caller.account) {
    throw new Problem(403, `Registry ${registryId} is not accessible with this API key`);
  }
}
