import type { ComputePlatformClient } from "../../provider/client";
import type { ClusterSummary } from "../../provider/resources/cluster/inputs";
import type { NetworkVolume } from "../../provider/resources/networkVolume/inputs";
import type { Pod } from "../../provider/resources/pod/inputs";
import type { Registry } from "../../provider/resources/registry/inputs";
import type { EcrDelegation } from "../../provider/resources/registryDelegation/inputs";
import type { Endpoint } from "../../provider/resources/serverlessEndpoint/inputs";
import type { Template } from "../../provider/resources/template/inputs";
import type { ImportKind } from "./importKinds";

/** What the account holds of the kinds read; a kind not read is empty. */
export interface AccountSnapshot {
  /** Standalone pods. */
  pods: Pod[];
  /** Pods that are members of a cluster: where a cluster's container settings are read. */
  clusterMembers: Pod[];
  clusters: ClusterSummary[];
  networkVolumes: NetworkVolume[];
  /** The account's own templates (the list holds no public ones). */
  templates: Template[];
  endpoints: Endpoint[];
  registries: Registry[];
  delegations: EcrDelegation[];
  sshKeys: string[];
}

/**
 * Reads the kinds asked for, one list call per kind (the pods' also serves the clusters, whose members it lists
 * with the standalone pods). Templates are read for pods and endpoints too, to write references to them.
 */
export async function readAccount(client: ComputePlatformClient, kinds: readonly ImportKind[]): Promise<AccountSnapshot> {
  const wants = (...some: ImportKind[]) => some.some((kind) => kinds.includes(kind));
  const none = async <T>(): Promise<T[]> => [];
  const [pods, clusters, networkVolumes, templates, endpoints, registries, delegations, sshKeys] = await Promise.all([
    wants("Pod", "Cluster") ? client.pods.list({ includeClusterPods: kinds.includes("Cluster") }) : none<Pod>(),
    wants("Cluster") ? client.clusters.list() : none<ClusterSummary>(),
    wants("NetworkVolume") ? client.networkVolumes.list() : none<NetworkVolume>(),
    wants("Template", "Pod", "ServerlessEndpoint") ? client.templates.list() : none<Template>(),
    wants("ServerlessEndpoint") ? client.serverless.list() : none<Endpoint>(),
    wants("Registry") ? client.registries.list() : none<Registry>(),
    wants("RegistryDelegation") ? client.registries.delegations.list() : none<EcrDelegation>(),
    wants("AccountSshKeys") ? client.account.sshKeys() : none<string>(),
  ]);
  return {
    pods: kinds.includes("Pod") ? pods.filter((pod) => pod.cluster === undefined) : [],
    clusterMembers: pods.filter((pod) => pod.cluster !== undefined),
    clusters,
    networkVolumes,
    templates,
    endpoints,
    registries,
    delegations,
    sshKeys,
  };
}
