import type { Caller } from "./http/auth";
import { Problem } from "./http/problem";
import { pods } from "./pods/collection";
import { endpoints } from "./serverless/collection";
import type { PodRecord, Store } from "./store";

/** The caller's pod: 404 when no account has it, 403 when another account does. */
export const ownedPod = pods.owned;

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
