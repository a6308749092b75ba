import { AccountClient } from "./account";
import { BillingClient } from "./billing";
import { CatalogClient } from "./catalog";
import { type Clock, systemClock } from "./clock";
import { ClustersClient } from "./clusters";
import { CollectionClient } from "./collection";
import { JobsClient } from "./jobs";
import { LoadBalancingClient } from "./loadBalancing";
import { PodsClient } from "./pods";
import { PodWatcher } from "./podWatcher";
import { RegistriesClient } from "./registries";
import { ServerlessClient } from "./serverless";
import { TemplatesClient } from "./templates";
import type { z } from "zod";
import type { RateLimiter } from "./ratelimit";
import { Transport, type TransportOptions } from "./transport";
import { NetworkVolumesClient } from "./volumes";

/** Options of a {@link ComputePlatformClient}. */
export interface ClientOptions extends TransportOptions {
  /** How often waits for pod status list the pods, in ms. @default 1000 */
  pollIntervalMs?: number;
  /** Base URL of the job API (`/v2/{endpointId}/run`, `/runsync`, `/status/{jobId}`, …). @default baseUrl */
  jobUrl?: string;
}

/** Typed client of the Compute Platform v2 REST API. Usable on its own, outside Pulumi. */
export class ComputePlatformClient {
  readonly pods: PodsClient;
  readonly networkVolumes: NetworkVolumesClient;
  readonly templates: TemplatesClient;
  readonly registries: RegistriesClient;
  readonly account: AccountClient;
  readonly catalog: CatalogClient;
  readonly billing: BillingClient;
  readonly clusters: ClustersClient;
  readonly serverless: ServerlessClient;
  /** The job API, at `jobUrl`. */
  readonly jobs: JobsClient;
  /** Direct HTTP to load-balancing endpoints, at their advertised `base` and `health` URLs. */
  readonly loadBalancing: LoadBalancingClient;
  /** Coalesced waits for pod status: one list call per tick serves every waiter. */
  readonly podWatcher: PodWatcher;
  /** The rate-limit windows every request of this client counts against, for waits that pace their own polls. */
  readonly limiter: RateLimiter;
  readonly clock: Clock;
  private readonly transport: Transport;
  /** The server's time now, as its last answer told it (to the second); the local time before any answer. */
  readonly serverNow: () => number;

  constructor(options: ClientOptions) {
    this.clock = options.clock ?? systemClock;
    const transport = (this.transport = new Transport({ ...options, clock: this.clock }));
    this.limiter = transport.limiter;
    this.serverNow = () => transport.serverNow();
    this.pods = new PodsClient(transport);
    this.networkVolumes = new NetworkVolumesClient(transport);
    this.templates = new TemplatesClient(transport);
    this.registries = new RegistriesClient(transport);
    this.account = new AccountClient(transport);
    this.catalog = new CatalogClient(transport);
    this.billing = new BillingClient(transport);
    this.clusters = new ClustersClient(transport);
    this.serverless = new ServerlessClient(transport);
    const jobTransport =
      options.jobUrl === undefined || options.jobUrl === options.baseUrl
        ? transport
        : new Transport({ ...options, baseUrl: options.jobUrl, clock: this.clock, limiter: transport.limiter });
    this.jobs = new JobsClient(jobTransport, this.clock);
    this.loadBalancing = new LoadBalancingClient({ ...options, clock: this.clock, limiter: transport.limiter });
    this.podWatcher = new PodWatcher(this.pods, this.clock, options.pollIntervalMs ?? 1000, transport.limiter);
  }

  /**
   * A plain collection of the API (list, get, create, update and delete by id), for an area without a client of its
   * own: `client.collection<Secret, CreateSecretRequest>("/v2/secrets", "secrets", secretSchema)`.
   */
  collection<Live, CreateBody, UpdateBody = Partial<CreateBody>>(
    path: string,
    listKey: string,
    schema: z.ZodType<Live>,
  ): CollectionClient<Live, CreateBody, UpdateBody> {
    return new CollectionClient(this.transport, path, listKey, schema);
  }
}

export * from "./errors";
export type { Clock } from "./clock";
export { RateLimiter, parseRateLimitHeaders, pacingDelayMs, type RateLimitWindow } from "./ratelimit";
export { Transport, type TransportOptions, type RetryOptions, type RequestOptions } from "./transport";
export type { PodLogEntry, PodLogOptions } from "./pods";
export type { LogLine, LogOptions } from "./logStream";
export type { WorkerLogLine } from "./serverless";
export type { JobRequestOptions, JobStreamChunk, JobStreamOptions, JobSyncOptions, JobWaitOptions, TextToVideoResult } from "./jobs";
export type { LoadBalancingRequest, LoadBalancingRequestOptions, LoadBalancingResponse } from "./loadBalancing";
