import type { Caller } from "./auth";
import { Problem } from "./problem";
import type { DelegationRecord, NetworkVolumeRecord, PodRecord, RegistryRecord, Store, TemplateRecord } from "./store";

/** A record with the account that owns it. */
interface Owned {
  account: string;
}

/** The caller's record: 404 when no account has it, 403 when another account does. */
function owned<R extends Owned>(record: R | undefined, caller: Caller, what: string): R {
  if (record === undefined) throw new Problem(404, `${what} not found`);
  if (record.account !== caller.account) throw new Problem(403, `${what} is not accessible with this API key`);
  return record;
}

export function ownedPod(store: Store, caller: Caller, id: string): PodRecord {
  return owned(store.findPod(id), caller, `Pod ${id}`);
}

export function ownedNetworkVolume(store: Store, caller: Caller, id: string): NetworkVolumeRecord {
  return owned(store.findNetworkVolume(id), caller, `Network volume ${id}`);
}

export function ownedTemplate(store: Store, caller: Caller, id: string): TemplateRecord {
  return owned(store.find("templates", id), caller, `Template ${id}`);
}

export function ownedRegistry(store: Store, caller: Caller, id: string): RegistryRecord {
  return owned(store.find("registries", id), caller, `Registry ${id}`);
}

export function ownedDelegation(store: Store, caller: Caller, id: string): DelegationRecord {
  return owned(store.find("delegations", id), caller, `Delegation ${id}`);
}
