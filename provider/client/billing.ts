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
} from "../wire/billing";
import { ApiResource } from "./apiResource";
import type { RequestOptions, Transport } from "./transport";

/**
 * `/v2/billing`: spend histories in time buckets, each with metadata echoing the resolved window and the totals.
 * The window is sent as given; the service answers 400 when it is inconsistent.
 */
export class BillingClient extends ApiResource {
  constructor(transport: Transport) {
    super(transport, "/v2/billing");
  }

  /** Spend across every resource family, one record per bucket. */
  async history(window: BillingWindow = {}, options?: RequestOptions): Promise<BillingHistory> {
    return this.transport.get(this.basePath, billingHistorySchema, options, { ...window });
  }

  /** Pod spend, one record per pod per bucket. */
  async pods(query: PodBillingQuery = {}, options?: RequestOptions): Promise<PodBillingHistory> {
    return this.transport.get(this.at("pods"), podBillingHistorySchema, options, { ...query });
  }

  /** Serverless endpoint spend, one record per endpoint per bucket. */
  async serverless(query: ServerlessBillingQuery = {}, options?: RequestOptions): Promise<ServerlessBillingHistory> {
    return this.transport.get(this.at("serverless"), serverlessBillingHistorySchema, options, { ...query });
  }

  /** Network volume storage spend, one record per volume per bucket. */
  async networkVolumes(query: NetworkVolumeBillingQuery = {}, options?: RequestOptions): Promise<NetworkVolumeBillingHistory> {
    return this.transport.get(this.at("network-volumes"), networkVolumeBillingHistorySchema, options, { ...query });
  }

  /** Public endpoint spend, one record per bucket. */
  async endpoints(window: BillingWindow = {}, options?: RequestOptions): Promise<EndpointBillingHistory> {
    return this.transport.get(this.at("endpoints"), endpointBillingHistorySchema, options, { ...window });
  }

  /** Cluster spend, one record per cluster per bucket. */
  async clusters(query: ClusterBillingQuery = {}, options?: RequestOptions): Promise<ClusterBillingHistory> {
    return this.transport.get(this.at("clusters"), clusterBillingHistorySchema, options, { ...query });
  }
}
