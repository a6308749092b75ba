import type { Caller } from "../http/auth";
import { Problem } from "../http/problem";
import type { MountsRequest } from "../schemas";
import type { NetworkVolumeRecord } from "../networkVolumes/collection";
import type { PodCompute, Store } from "../store";
import type { Mounts } from "../wire";

/** The mount rules of the spec, at create and at PATCH, and the network volume a pod mounts. */

/** Mount rule 1: one kind at most. */
function checkOneMountKind(mounts: MountsRequest): void {
  if (mounts.persistent !== undefined && mounts.network !== undefined) {
    throw new Problem(400, "mounts.persistent and mounts.network are mutually exclusive");
  }
}

/** The mounts a new pod gets, after the create-time rules. An empty network list means no mount. */
export function mountsForCreate(mounts: MountsRequest | undefined, compute: PodCompute): Mounts {
  if (mounts === undefined) return {};
  checkOneMountKind(mounts);
  if (mounts.persistent !== undefined) {
    if (compute.kind === "cpu") {
      throw new Problem(400, "Persistent mounts are not available on CPU pods; mount a network volume instead");
    }
    return { persistent: { ...mounts.persistent } };
  }
  if (mounts.network !== undefined && mounts.network.length > 0) {
    return { network: mounts.network.map((mount) => ({ ...mount })) };
  }
  return {};
}

/**
 * The mounts after a PATCH (rules 1 to 5): an omitted or empty `mounts` changes nothing; the kind is fixed at
 * create; `volumeId` is immutable; paths may change and a persistent mount may grow but not shrink.
 */
export function mountsForPatch(current: Mounts, patch: MountsRequest | undefined): Mounts {
  if (patch === undefined) return current;
  checkOneMountKind(patch);
  if (patch.network !== undefined) {
    if (patch.network.length === 0) {
      throw new Problem(400, "An empty mounts.network cannot remove a mount; mounts cannot be cleared by PATCH");
    }
    const existing = current.network?.[0];
    const requested = patch.network[0];
    if (existing === undefined || requested === undefined) {
      throw new Problem(400, `${createdWith(current)}; a network mount cannot be added after create`);
    }
    if (requested.volumeId !== existing.volumeId) {
      throw new Problem(400, `mounts.network[0].volumeId is immutable (it is ${existing.volumeId})`);
    }
    return { network: [{ volumeId: existing.volumeId, path: requested.path }] };
  }
  if (patch.persistent !== undefined) {
    if (current.persistent === undefined) {
      throw new Problem(400, `${createdWith(current)}; a persistent mount cannot be added after create`);
    }
    if (patch.persistent.size < current.persistent.size) {
      throw new Problem(400, `mounts.persistent.size cannot shrink (from ${current.persistent.size} to ${patch.persistent.size} GB)`);
    }
    return { persistent: { ...patch.persistent } };
  }
  return current;
}

function createdWith(mounts: Mounts): string {
  if (mounts.persistent !== undefined) return "The pod was created with a persistent mount";
  if (mounts.network !== undefined) return "The pod was created with a network mount";
  return "The pod was created without mounts";
}

/** The network volume a new pod mounts: 400 when it does not exist, 403 when another account owns it. */
export function networkVolumeToMount(store: Store, caller: Caller, mounts: Mounts): NetworkVolumeRecord | undefined {
  const volumeId = mounts.network?.[0]?.volumeId;
  if (volumeId === undefined) return undefined;
  const record = store.find("networkVolumes", volumeId);
  if (record === undefined) throw new Problem(400, `Network volume ${volumeId} does not exist`);
  if (record.account !== caller.account) {
    throw new Problem(403, `Network volume ${volumeId} is not accessible with this API key`);
  }
  return record;
}
