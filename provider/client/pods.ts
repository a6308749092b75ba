import { z } from "zod";
import {
  type CreatePodRequest,
  type Pod,
  type PodAction,
  podListSchema,
  podSchema,
  type UpdatePodRequest,
} from "../schemas/pod";
import { serverSentEvents } from "./sse";
import type { Transport } from "./transport";

/** Options of {@link PodsClient.logs}. */
export interface PodLogOptions {
  /** Which log to read. @default both */
  source?: "container" | "system";
  /** Only the last N lines of the backlog. */
  tail?: number;
  /** Only lines at or after this time (ISO 8601). */
  since?: string;
  /** Keep the stream open and yield new lines until the pod is gone or `signal` aborts. @default false */
  follow?: boolean;
  /** Resume after this event id, as a reconnecting reader does. */
  lastEventId?: string;
  signal?: AbortSignal;
}

/** One line of pod output. */
export interface PodLogEntry {
  /** Event id, usable as `lastEventId` to resume. */
  id: string | undefined;
  timestamp: string | undefined;
  source: string | undefined;
  message: string;
}

const logData = z.looseObject({ message: z.string(), timestamp: z.string().optional(), source: z.string().optional() });

/** `/v2/pods`: create, read, update, act on and delete pods. */
export class PodsClient {
  constructor(private readonly transport: Transport) {}

  /** Lists the account's pods; cluster members only when `includeClusterPods` is set. */
  async list(options: { includeClusterPods?: boolean; signal?: AbortSignal } = {}): Promise<Pod[]> {
    const { pods } = await this.transport.json({
      method: "GET",
      path: "/v2/pods",
      query: { includeClusterPods: options.includeClusterPods },
      schema: podListSchema,
      signal: options.signal,
    });
    return pods;
  }

  async get(id: string, signal?: AbortSignal): Promise<Pod> {
    return this.transport.json({ method: "GET", path: `/v2/pods/${encodeURIComponent(id)}`, schema: podSchema, signal });
  }

  /** Creates a pod. Never retried once the request may have reached the server. */
  async create(body: CreatePodRequest, signal?: AbortSignal): Promise<Pod> {
    return this.transport.json({ method: "POST", path: "/v2/pods", body, schema: podSchema, signal });
  }

  /** Changes a pod in place; see the spec's mount rules for what `mounts` may do. */
  async update(id: string, body: UpdatePodRequest, signal?: AbortSignal): Promise<Pod> {
    return this.transport.json({ method: "PATCH", path: `/v2/pods/${encodeURIComponent(id)}`, body, schema: podSchema, signal });
  }

  /** Terminates and removes a pod. */
  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.transport.json({ method: "DELETE", path: `/v2/pods/${encodeURIComponent(id)}`, signal });
  }

  /** Requests a state transition; returns the pod when the API answers with it. */
  async action(id: string, action: PodAction, signal?: AbortSignal): Promise<Pod | undefined> {
    return this.transport.json({
      method: "POST",
      path: `/v2/pods/${encodeURIComponent(id)}/action`,
      body: { action },
      schema: podSchema,
      signal,
    });
  }

  /** Streams the pod's output (server-sent events) as log entries. */
  async *logs(id: string, options: PodLogOptions = {}): AsyncGenerator<PodLogEntry> {
    const events = serverSentEvents(this.transport, {
      method: "GET",
      path: `/v2/pods/${encodeURIComponent(id)}/logs`,
      query: { source: options.source, tail: options.tail, since: options.since, follow: options.follow || undefined },
      headers: options.lastEventId ? { "last-event-id": options.lastEventId } : {},
      signal: options.signal,
      // A followed pod may be quiet for long; the stream ends when the pod is gone or the signal aborts.
      ...(options.follow ? { bodyTimeoutMs: 0 } : {}),
    });
    for await (const event of events) yield toLogEntry(event.id, event.data);
  }
}

function toLogEntry(id: string | undefined, data: string): PodLogEntry {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    parsed = undefined;
  }
  const structured = logData.safeParse(parsed);
  return structured.success
    ? { id, timestamp: structured.data.timestamp, source: structured.data.source, message: structured.data.message }
    : { id, timestamp: undefined, source: undefined, message: data };
}
