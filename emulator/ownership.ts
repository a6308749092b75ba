import type { Caller } from "./http/auth";
import { Problem } from "./http/problem";
import { endpoints } from "./serverless/collection";
import type { PodRecord, Store } from "./store";

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

/** The caller's pod, to change, act on or delete: a cluster member answers 409, since its cluster manages it. */
export function modifiablePod(store: Store, caller: Caller, id: string): PodRecord {
  const pod = ownedPod(store, caller, id);
  const clusterId = pod.membership?.clusterId;
  if (clusterId !== undefined) {
    throw new Problem(409, `Pod ${id} belongs to cluster ${clusterId}; manage it through /v2/clusters/${clusterId}`);
  }
  return pod;
}

/** The caller's endpoint (the job API and the load balancer's workers answer for the endpoint they name). */
export const ownedEndpoint = endpoints.owned;
