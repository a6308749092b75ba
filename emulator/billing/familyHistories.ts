import { type BillingFamily, endpointBilling, networkVolumeBilling, podBilling, serverlessBilling } from "./families";
import { clusterBilling } from "./clusterBilling";

/** The per-family billing histories, each served at its own path; one table for serving and for the OpenAPI description. */

/** How a per-resource history names its resources: the record field (and query filter) and the metadata count. */
export interface Naming {
  idField: string;
  uniqueCount: string;
  what: string;
}

/** One per-family history. */
export interface FamilyHistory {
  /** Path under `/v2`. */
  path: string;
  operationId: string;
  summary: string;
  schemaName: string;
  family: BillingFamily<string>;
  naming?: Naming;
}

export const FAMILY_HISTORIES: readonly FamilyHistory[] = [
  {
    path: "/billing/pods",
    operationId: "getPodBilling",
    summary: "Pod spend, per pod",
    schemaName: "PodBillingHistory",
    family: podBilling,
    naming: { idField: "podId", uniqueCount: "uniquePodCount", what: "pod" },
  },
  {
    path: "/billing/serverless",
    operationId: "getServerlessBilling",
    summary: "Serverless spend, per endpoint",
    schemaName: "ServerlessBillingHistory",
    family: serverlessBilling,
    naming: { idField: "serverlessId", uniqueCount: "uniqueServerlessCount", what: "serverless endpoint" },
  },
  {
    path: "/billing/network-volumes",
    operationId: "getNetworkVolumeBilling",
    summary: "Network volume spend, per volume",
    schemaName: "NetworkVolumeBillingHistory",
    family: networkVolumeBilling,
    naming: { idField: "networkVolumeId", uniqueCount: "uniqueNetworkVolumeCount", what: "network volume" },
  },
  {
    path: "/billing/endpoints",
    operationId: "getEndpointBilling",
    summary: "Public endpoint spend",
    schemaName: "EndpointBillingHistory",
    family: endpointBilling,
  },
  {
    path: "/billing/clusters",
    operationId: "getClusterBilling",
    summary: "Cluster spend, per cluster",
    schemaName: "ClusterBillingHistory",
    family: clusterBilling,
    naming: { idField: "clusterId", uniqueCount: "uniqueClusterCount", what: "cluster" },
  },
];
