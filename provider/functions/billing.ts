import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { ComputePlatformClient } from "../client";
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
} from "../wire/billing";
import { sharedClient } from "../sharedClient";
import { outputForm } from "./outputForm";
import { parseArgs } from "./parseArgs";

// Every window is checked before any call: formats, lastN >= 1, lastN alone, startTime before endTime (each
// omitted end at its default, judged by the client's clock).
const podArgs = (now: number) => filteredBillingWindowSchema("podId", now);
const serverlessArgs = (now: number) => filteredBillingWindowSchema("serverlessId", now);
const networkVolumeArgs = (now: number) => filteredBillingWindowSchema("networkVolumeId", now);
const clusterArgs = (now: number) => filteredBillingWindowSchema("clusterId", now);

/** A history read: the arguments checked against the client's clock, then the call. */
function readHistory<Args, History>(
  fn: string,
  schema: (now: number) => z.ZodType<Args>,
  args: unknown,
  read: (client: ComputePlatformClient, args: Args) => Promise<History>,
): Promise<History> {
  const client = sharedClient();
  return read(client, parseArgs(fn, schema(client.clock.now()), args));
}

/**
 * The account's spend across every resource family (pods, serverless, network volumes, public endpoints,
 * clusters), one record per bucket, in USD; `metadata.totals` sums the records.
 *
 * @example
 * const { metadata } = await cp.getBilling({ lastN: 7 });
 * console.log(`spent ${metadata.totals.totalAmount} USD in the last 7 days`);
 */
export async function getBilling(args: BillingWindow = {}): Promise<BillingHistory> {
  return readHistory("getBilling", billingWindowSchema, args, (client, window) => client.billing.history(window));
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
  return readHistory("getPodBilling", podArgs, args, (client, query) => client.billing.pods(query));
}

/** {@link getPodBilling} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getPodBillingOutput(args?: DeepInput<PodBillingQuery>): pulumi.Output<PodBillingHistory> {
  return outputForm<PodBillingQuery, PodBillingHistory>(getPodBilling, args);
}

/** Serverless endpoint spend (compute, disk and platform fee), one record per endpoint per bucket, in USD. */
export async function getServerlessBilling(args: ServerlessBillingQuery = {}): Promise<ServerlessBillingHistory> {
  return readHistory("getServerlessBilling", serverlessArgs, args, (client, query) => client.billing.serverless(query));
}

/** {@link getServerlessBilling} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getServerlessBillingOutput(args?: DeepInput<ServerlessBillingQuery>): pulumi.Output<ServerlessBillingHistory> {
  return outputForm<ServerlessBillingQuery, ServerlessBillingHistory>(getServerlessBilling, args);
}

/** Network volume storage spend (standard and high-performance), one record per volume per bucket, in USD. */
export async function getNetworkVolumeBilling(args: NetworkVolumeBillingQuery = {}): Promise<NetworkVolumeBillingHistory> {
  return readHistory("getNetworkVolumeBilling", networkVolumeArgs, args, (client, query) => client.billing.networkVolumes(query));
}

/** {@link getNetworkVolumeBilling} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getNetworkVolumeBillingOutput(args?: DeepInput<NetworkVolumeBillingQuery>): pulumi.Output<NetworkVolumeBillingHistory> {
  return outputForm<NetworkVolumeBillingQuery, NetworkVolumeBillingHistory>(getNetworkVolumeBilling, args);
}

/** Spend on the platform's public model endpoints, one record per bucket, in USD. */
export async function getEndpointBilling(args: BillingWindow = {}): Promise<EndpointBillingHistory> {
  return readHistory("getEndpointBilling", billingWindowSchema, args, (client, window) => client.billing.endpoints(window));
}

/** {@link getEndpointBilling} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getEndpointBillingOutput(args?: DeepInput<BillingWindow>): pulumi.Output<EndpointBillingHistory> {
  return outputForm<BillingWindow, EndpointBillingHistory>(getEndpointBilling, args);
}

/** Cluster spend (GPU compute, disk and inter-node networking), one record per cluster per bucket, in USD. */
export async function getClusterBilling(args: ClusterBillingQuery = {}): Promise<ClusterBillingHistory> {
  return readHistory("getClusterBilling", clusterArgs, args, (client, query) => client.billing.clusters(query));
}

/** {@link getClusterBilling} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getClusterBillingOutput(args?: DeepInput<ClusterBillingQuery>): pulumi.Output<ClusterBillingHistory> {
  return outputForm<ClusterBillingQuery, ClusterBillingHistory>(getClusterBilling, args);
}
