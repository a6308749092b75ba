import type { z } from "zod";
import {
  type BillingHistory,
  billingHistorySchema,
  type BillingWindow,
  type ClusterBillingHistory,
  clusterBillingHistorySchema,
  type ClusterBillingQuery,
  type EndpointBillingHistory,
  endpointBillingHistorySchema,
  type NetworkVolumeBillingHistory,
  networkVolumeBillingHistorySchema,
  type NetworkVolumeBillingQuery,
  type PodBillingHistory,
  podBillingHistorySchema,
  type PodBillingQuery,
  type ServerlessBillingHistory,
  serverlessBillingHistorySchema,
  type ServerlessBillingQuery,
} from "../schemas/billing";
import type { Transport } from "./transport";

/**
 * `/v2/billing`: spend histories in time buckets, each with metadata echoing the resolved window and the totals.
 * The window is sent as given; the service answers 400 when it is inconsistent.
 */
export class BillingClient {
  constructor(private readonly transport: Transport) {}

  /** Spend across every resource family, one record per bucket. */
  async history(window: BillingWindow = {}, signal?: AbortSignal): Promise<BillingHistory> {
    return this.read("/v2/billing", window, billingHistorySchema, signal);
  }

  /** Pod spend, one record per pod per bucket. */
  async pods(query: PodBillingQuery = {}, signal?: AbortSignal): Promise<PodBillingHistory> {
    return this.read("/v2/billing/pods", query, podBillingHistorySchema, signal);
  }

  /** Serverless endpoint spend, one record per endpoint per bucket. */
  async serverless(query: ServerlessBillingQuery = {}, signal?: AbortSignal): Promise<ServerlessBillingHistory> {
    return this.read("/v2/billing/serverless", query, serverlessBillingHistorySchema, signal);
  }

  /** Network volume storage spend, one record per volume per bucket. */
  async networkVolumes(query: NetworkVolumeBillingQuery = {}, signal?: AbortSignal): Promise<NetworkVolumeBillingHistory> {
    return this.read("/v2/billing/network-volumes", query, networkVolumeBillingHistorySchema, signal);
  }

  /** Public endpoint spend, one record per bucket. */
  async endpoints(window: BillingWindow = {}, signal?: AbortSignal): Promise<EndpointBillingHistory> {
    return this.read("/v2/billing/endpoints", window, endpointBillingHistorySchema, signal);
  }

  /** Cluster spend, one record per cluster per bucket. */
  async clusters(query: ClusterBillingQuery = {}, signal?: AbortSignal): Promise<ClusterBillingHistory> {
    return this.read("/v2/billing/clusters", query, clusterBillingHistorySchema, signal);
  }

  private read<History>(
    path: string,
    /** The window, and the id filter the path takes, if any. */
    query: BillingWindow,
    schema: z.ZodType<History>,
    signal: AbortSignal | undefined,
  ): Promise<History> {
    return this.transport.json({ method: "GET", path, query: { ...query }, schema, signal });
  }
}
