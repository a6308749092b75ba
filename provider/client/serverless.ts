import {
  type CreateEndpointRequest,
  type Endpoint,
  endpointListSchema,
  type EndpointReleases,
  endpointReleasesSchema,
  endpointSchema,
  type EndpointWorkers,
  endpointWorkersSchema,
  type UpdateEndpointRequest,
} from "../resources/serverlessEndpoint/inputs";
import { type LogLine, logLines, type LogOptions } from "./logStream";
import { ApiResource } from "./apiResource";
import type { RequestOptions, Transport } from "./transport";

/** One line of a worker's log. */
export type WorkerLogLine = LogLine;

/** `/v2/serverless`: serverless endpoints, their workers, worker logs and releases. */
export class ServerlessClient extends ApiResource {
  constructor(transport: Transport) {
    super(transport, "/v2/serverless");
  }

  async list(options?: RequestOptions): Promise<Endpoint[]> {
    return (await this.transport.get(this.basePath, endpointListSchema, options)).endpoints;
  }

  async get(id: string, options?: RequestOptions): Promise<Endpoint> {
    return this.transport.get(this.at({ id }), endpointSchema, options);
  }

  /** Creates an endpoint; it accepts jobs at once and starts `workers.min` workers. */
  async create(body: CreateEndpointRequest, options?: RequestOptions): Promise<Endpoint> {
    return this.transport.post(this.basePath, body, endpointSchema, options);
  }

  /** Changes the fields `body` names; a container change rolls out as a new release. */
  async update(id: string, body: UpdateEndpointRequest, options?: RequestOptions): Promise<Endpoint> {
    return this.transport.patch(this.at({ id }), body, endpointSchema, options);
  }

  /** Deletes the endpoint with its configuration, worker logs and job history. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    return this.transport.delete(this.at({ id }), options);
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
