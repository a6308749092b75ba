import { type BilledResource, micros } from "./billedResource";
import type { ClusterComponent } from "./clusterComponent";
import { type BillingFamily, livingAndGone } from "./families";
import { type PodUsage, podUsage } from "./podUsage";
import { seededCluster } from "./seededHistory";

/**
 * Clusters, gone ones included, from what their member pods ran: each member at its `cost`, the secure list price of
 * its GPUs, while RUNNING, with no disk or fabric charged apart (see `data/prices.ts`). Every account also has the
 * seeded cluster (`seededHistory.ts`).
 */
export const clusterBilling: BillingFamily<ClusterComponent> = {
  recordComponents: ["gpuAmount", "diskAmount", "networkingAmount"],
  aggregate: { gpuAmount: "clusterGpuAmount", diskAmount: "clusterDiskAmount", networkingAmount: "clusterNetworkingAmount" },
  resources: ({ account, lifecycle, now }) => {
    const members = new Map<string, PodUsage[]>();
    for (const { record, gone } of livingAndGone(account.pods, account.retired("pods"), now)) {
      const clusterId = record.membership?.clusterId;
      if (clusterId !== undefined) members.set(clusterId, [...(members.get(clusterId) ?? []), podUsage(record, gone, lifecycle)]);
    }
    return [seededCluster(account.name, now), ...[...members].map(([id, usages]) => billedCluster(id, usages))];
  },
};

/** A cluster lives from its first member's creation to its last member's end. */
function billedCluster(id: string, members: PodUsage[]): BilledResource<ClusterComponent> {
  return {
    id,
    existed: {
      start: Math.min(...members.map((member) => member.existed.start)),
      end: Math.max(...members.map((member) => member.existed.end)),
    },
    spend(span) {
      const compute = members.reduce((total, member) => {
        const within = { start: Math.max(span.start, member.existed.start), end: Math.min(span.end, member.existed.end) };
        return within.start < within.end ? total + member.computeWithin(within) : total;
      }, 0);
      return { gpuAmount: micros(compute), diskAmount: 0, networkingAmount: 0 };
    },
  };
}
