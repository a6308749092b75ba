import type * as pulumi from "@pulumi/pulumi";
import type { DeepInput } from "../resources/deepInput";
import {
  type BillingHistory,
  type BillingWindow,
  billingWindowSchema,
  type ClusterBillingHistory,
  type ClusterBillingQuery,
  type EndpointBillingHistory,
  filteredBillingWindowSchema,
  type NetworkVolumeBillingHistory,
  type NetworkVolumeBillingQuery,
  type PodBillingHistory,
  type PodBillingQuery,
  type ServerlessBillingHistory,
  type ServerlessBillingQuery,
} from "../schemas/billing";
import { sharedClient } from "../sharedClient";
import { outputForm } from "./outputForm";
import { parseArgs } from "./parseArgs";

// Every window is checked before any call: formats, lastN >= 1, lastN alone, startTime before endTime.
const podArgs = filteredBillingWindowSchema("podId");
const serverlessArgs = filteredBillingWindowSchema("serverlessId");
const networkVolumeArgs = filteredBillingWindowSchema("networkVolumeId");
const clusterArgs = filteredBillingWindowSchema("clusterId");

/**
 * The account's spend across every resource family (pods, serverless, network volumes, public endpoints,
 * clusters), one record per bucket, in USD; `metadata.totals` sums the records.
 *
 * @example
 * const { metadata } = await cp.getBilling({ lastN: 7 });
 * console.log(`spent ${metadata.totals.totalAmount} USD in the last 7 days`);
 */
export async function getBilling(args: BillingWindow = {}): Promise<BillingHistory> {
  return sharedClient().billing.history(parseArgs("getBilling", billingWindowSchema, args));
}

/** {@link getBilling} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getBillingOutput(args?: DeepInput<BillingWindow>): pulumi.Output<BillingHistory> {
  return outputForm<BillingWindow, BillingHistory>(getBilling, args);
}

/**
 * Pod spend (GPU or CPU compute and disk), one record per pod per bucket, in USD.
 *
 * @example
 * const history = await cp.getPodBilling({ podId: "k3v9q2m7xw", bucketSize: "hour", lastN: 24 });
 */
export async function getPodBilling(args: PodBillingQuery = {}): Promise<PodBillingHistory> {
  return sharedClient().billing.pods(parseArgs("getPodBilling", podArgs, args));
}

/** {@link getPodBilling} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getPodBillingOutput(args?: DeepInput<PodBillingQuery>): pulumi.Output<PodBillingHistory> {
  return outputForm<PodBillingQuery, PodBillingHistory>(getPodBilling, args);
}

/** Serverless endpoint spend (compute, disk and platform fee), one record per endpoint per bucket, in USD. */
export async function getServerlessBilling(args: ServerlessBillingQuery = {}): Promise<ServerlessBillingHistory> {
  return sharedClient().billing.serverless(parseArgs("getServerlessBilling", serverlessArgs, args));
}

/** {@link getServerlessBilling} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getServerlessBillingOutput(
  args?: DeepInput<ServerlessBillingQuery>,
): pulumi.Output<ServerlessBillingHistory> {
  return outputForm<ServerlessBillingQuery, ServerlessBillingHistory>(getServerlessBilling, args);
}

/** Network volume storage spend (standard and high-performance), one record per volume per bucket, in USD. */
export async function getNetworkVolumeBilling(args: NetworkVolumeBillingQuery = {}): Promise<NetworkVolumeBillingHistory> {
  return sharedClient().billing.networkVolumes(parseArgs("getNetworkVolumeBilling", networkVolumeArgs, args));
}

/** {@link getNetworkVolumeBilling} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getNetworkVolumeBillingOutput(
  args?: DeepInput<NetworkVolumeBillingQuery>,
): pulumi.Output<NetworkVolumeBillingHistory> {
  return outputForm<NetworkVolumeBillingQuery, NetworkVolumeBillingHistory>(getNetworkVolumeBilling, args);
}

/** Spend on the platform's public model endpoints, one record per bucket, in USD. */
export async function getEndpointBilling(args: BillingWindow = {}): Promise<EndpointBillingHistory> {
  return sharedClient().billing.endpoints(parseArgs("getEndpointBilling", billingWindowSchema, args));
}

/** {@link getEndpointBilling} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getEndpointBillingOutput(args?: DeepInput<BillingWindow>): pulumi.Output<EndpointBillingHistory> {
  return outputForm<BillingWindow, EndpointBillingHistory>(getEndpointBilling, args);
}

/** Cluster spend (GPU compute, disk and inter-node networking), one record per cluster per bucket, in USD. */
export async function getClusterBilling(args: ClusterBillingQuery = {}): Promise<ClusterBillingHistory> {
  return sharedClient().billing.clusters(parseArgs("getClusterBilling", clusterArgs, args));
}

/** {@link getClusterBilling} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getClusterBillingOutput(args?: DeepInput<ClusterBillingQuery>): pulumi.Output<ClusterBillingHistory> {
  return outputForm<ClusterBillingQuery, ClusterBillingHistory>(getClusterBilling, args);
}
