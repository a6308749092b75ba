import type { Caller } from "./auth";
import { Problem } from "./problem";
import type { NetworkVolumeRecord, PodRecord, Store } from "./store";

/** The caller's pod: 404 when no account has it, 403 when another account does. */
export function ownedPod(store: Store, caller: Caller, id: string): PodRecord {
  const pod = store.findPod(id);
  if (pod === undefined) throw new Problem(404, `Pod ${id} not found`);
  if (pod.account !== caller.account) throw new Problem(403, `Pod ${id} is not accessible with this API key`);
  return pod;
}

/** The caller's network volume: 404 when no account has it, 403 when another account does. */
export function ownedNetworkVolume(store: Store, caller: Caller, id: string): NetworkVolumeRecord {
  const record = store.findNetworkVolume(id);
  if (record === undefined) throw new Problem(404, `Network volume ${id} not found`);
  if (record.account !== caller.account) {
    throw new Problem(403, `Network volume ${id} is not accessible with this API key`);
  }
  return record;
}
