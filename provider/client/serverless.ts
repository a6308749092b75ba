import {
  type CreateEndpointRequest,
  type Endpoint,
  type EndpointReleases,
  endpointReleasesSchema,
  endpointSchema,
  type EndpointWorkers,
  endpointWorkersSchema,
  type UpdateEndpointRequest,
} from "../resources/serverlessEndpoint/inputs";
import { type LogLine, logLines, type LogOptions } from "./logStream";
import { CollectionClient } from "./collection";
import type { RequestOptions, Transport } from "./transport";

/** One line of a worker's log. */
export type WorkerLogLine = LogLine;

/**
 * `/v2/serverless`: serverless endpoints, their workers, worker logs and releases. A created endpoint accepts jobs at
 * once and starts `workers.min` workers; an update changes the fields its body names, and a container change rolls
 * out as a new release; a delete takes the endpoint's configuration, worker logs and job history with it.
 */
export class ServerlessClient extends CollectionClient<Endpoint, CreateEndpointRequest, UpdateEndpointRequest> {
  constructor(transport: Transport) {
    super(transport, "/v2/serverless", "endpoints", endpointSchema);
  }

  /** The endpoint's workers, counted by status. */
  async workers(id: string, options?: RequestOptions): Promise<EndpointWorkers> {
    return this.transport.get(this.at({ id }, "workers"), endpointWorkersSchema, options);
  }

  /** The endpoint's releases, newest first, with the rollout of the newest. */
  async releases(id: string, options?: RequestOptions): Promise<EndpointReleases> {
    return this.transport.get(this.at({ id }, "releases"), endpointReleasesSchema, options);
  }

  /**
   * A worker's log lines (server-sent events); a connection dropped mid-stream is opened again after the last line's
   * id, so that no line comes twice or goes missing.
   */
  async *workerLogs(id: string, workerId: string, options: LogOptions = {}): AsyncGenerator<WorkerLogLine> {
    yield* logLines(this.transport, this.at({ id }, "workers", { workerId }, "logs"), options);
  }
}
