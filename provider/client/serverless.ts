import { z } from "zod";
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
} from "../schemas/serverlessEndpoint";
import { serverSentEvents } from "./sse";
import type { Transport } from "./transport";

/** One line of a worker's log. */
export interface WorkerLogLine {
  /** Which log it comes from, e.g. `container`. */
  source: string;
  line: string;
  /** ISO timestamp, also the event id to resume after. */
  ts: string;
}

const workerLogLine = z.object({ source: z.string(), line: z.string(), ts: z.string() });

/** `/v2/serverless`: serverless endpoints, their workers, worker logs and releases. */
export class ServerlessClient {
  constructor(private readonly transport: Transport) {}

  async list(signal?: AbortSignal): Promise<Endpoint[]> {
    const { endpoints } = await this.transport.json({ method: "GET", path: "/v2/serverless", schema: endpointListSchema, signal });
    return endpoints;
  }

  async get(id: string, signal?: AbortSignal): Promise<Endpoint> {
    return this.transport.json({ method: "GET", path: path(id), schema: endpointSchema, signal });
  }

  /** Creates an endpoint; it accepts jobs at once and starts `workers.min` workers. */
  async create(body: CreateEndpointRequest, signal?: AbortSignal): Promise<Endpoint> {
    return this.transport.json({ method: "POST", path: "/v2/serverless", body, schema: endpointSchema, signal });
  }

  /** Changes the fields `body` names; a container change rolls out as a new release. */
  async update(id: string, body: UpdateEndpointRequest, signal?: AbortSignal): Promise<Endpoint> {
    return this.transport.json({ method: "PATCH", path: path(id), body, schema: endpointSchema, signal });
  }

  /** Deletes the endpoint with its configuration, worker logs and job history. */
  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.transport.json({ method: "DELETE", path: path(id), signal });
  }

  /** The endpoint's workers, counted by status. */
  async workers(id: string, signal?: AbortSignal): Promise<EndpointWorkers> {
    return this.transport.json({ method: "GET", path: `${path(id)}/workers`, schema: endpointWorkersSchema, signal });
  }

  /** The endpoint's releases, newest first, with the rollout of the newest. */
  async releases(id: string, signal?: AbortSignal): Promise<EndpointReleases> {
    return this.transport.json({ method: "GET", path: `${path(id)}/releases`, schema: endpointReleasesSchema, signal });
  }

  /** A worker's log lines (server-sent events). */
  async *workerLogs(id: string, workerId: string, signal?: AbortSignal): AsyncGenerator<WorkerLogLine> {
    const events = serverSentEvents(this.transport, {
      method: "GET",
      path: `${path(id)}/workers/${encodeURIComponent(workerId)}/logs`,
      signal,
    });
    for await (const event of events) yield workerLogLine.parse(JSON.parse(event.data));
  }
}

function path(id: string): string {
  return `/v2/serverless/${encodeURIComponent(id)}`;
}
