import { randomInt } from "node:crypto";
import type { LiveStock } from "../placement/liveStock";
import type { AccountState, PodRecord, Store } from "../store";
import { podDemand } from "./podStock";

/** What a new pod is made of; `addPod` gives it an id, its addresses and its first boot. */
export type PodSpec = Omit<PodRecord, "id" | "account" | "createdAt" | "hostIp" | "globalNetworkIp" | "phases" | "machineAssigned">;

/**
 * Creates a pod in the account, booting from `now` (through PROVISIONING, as every new pod does), and takes what it
 * holds from the idle stock of its data center: the one way a pod comes to be, alone (`POST /v2/pods`) or as a
 * cluster member (`POST /v2/clusters`).
 */
export function addPod(store: Store, stock: LiveStock, account: AccountState, spec: PodSpec, now: number): PodRecord {
  stock.take(podDemand(spec), spec.dataCenterId);
  const pod: PodRecord = {
    ...spec,
    id: store.newId(),
    account: account.name,
    createdAt: now,
    hostIp: publicHostIp(),
    globalNetworkIp: globalNetworkIp(),
    phases: [{ kind: "booting", since: now, provisioning: true }],
    machineAssigned: false,
  };
  account.pods.set(pod.id, pod);
  return pod;
}

/** A public address for the pod's machine, from the documentation range (RFC 5737) so it never routes anywhere. */
function publicHostIp(): string {
  return `203.0.113.${randomInt(1, 255)}`;
}

/** The pod's address on the account's global private network. */
function globalNetworkIp(): string {
  return `10.${randomInt(64, 128)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}
