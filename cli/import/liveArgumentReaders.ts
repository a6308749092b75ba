import type { KindName } from "../../provider/kindRegistry";
import type { ClusterSummary } from "../../provider/schemas/cluster";
import { injectedEnvKeys, type Pod } from "../../provider/schemas/pod";
import { type EcrDelegation, formatEcrRepositoryArn } from "../../provider/schemas/registryDelegation";
import type { Endpoint } from "../../provider/schemas/serverlessEndpoint";
import { podInputsFromLive, type PodOutputs } from "../../provider/resources/pod/outputs";
import { endpointInputsFromLive, type ServerlessEndpointOutputs } from "../../provider/resources/serverlessEndpoint/declaration";
import type { AccountSnapshot } from "./accountSnapshot";

/** A live object's values under its kind's argument names, before the declaration's filter (see `declaredArguments`). */
type Values = Record<string, unknown>;

/**
 * How to read a kind's arguments back from a live object, for the kinds whose live fields are not named and shaped as
 * their arguments are. A kind not listed here is read field by field, by name. Pods and endpoints reuse what their
 * provider's `read` rebuilds for `pulumi import`; for clusters and delegations that `read` has no such rebuild yet.
 */
export const liveArgumentReaders: { readonly [K in KindName]?: (live: never, account: AccountSnapshot) => Values } = {
  // `template`, `status` and `globalNetworking.enabled` are reported under other names and shapes.
  Pod: (pod: Pod) => ({
    ...podInputsFromLive(pod, { templateId: pod.template ?? undefined } as PodOutputs),
    desiredStatus: pod.status === "EXITED" ? "EXITED" : "RUNNING",
  }),
  // The summary reports no container settings: its primary member has them.
  Cluster: (cluster: ClusterSummary, account) => {
    const member =
      account.clusterMembers.find((pod) => pod.id === cluster.primary?.podId) ??
      account.clusterMembers.find((pod) => pod.cluster?.id === cluster.id);
    if (member === undefined) return cluster;
    const { image, args, disk, ports, mounts, env } = member;
    return { ...cluster, image, args, disk, ports, mounts, env: without(env, [...injectedEnvKeys, ...MEMBER_ENV_KEYS]) };
  },
  // `gpu.minCudaVersion` null and each `cpu` entry's `memory` are how the API reports what the arguments leave out.
  ServerlessEndpoint: (endpoint: Endpoint) => ({
    ...endpointInputsFromLive(endpoint, { inheritedEnvKeys: [] } as unknown as ServerlessEndpointOutputs),
  }),
  // The API reports the repository's parts, not the ARN the delegation was made with.
  RegistryDelegation: (delegation: EcrDelegation) => ({ resource: formatEcrRepositoryArn(delegation), name: delegation.name ?? null }),
};

/** The keys each cluster member gets beside the cluster's env. */
const MEMBER_ENV_KEYS = ["NODE_RANK", "NUM_NODES"];

function without(env: Record<string, string>, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !keys.includes(key)));
}
