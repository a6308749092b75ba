import { resumingServerSentEvents, type ServerSentEvent } from "./sse";
import type { RequestOptions, Transport } from "./transport";

/** Options of a pod's or a worker's log. */
export interface LogOptions extends RequestOptions {
  /** Which log to read. @default both */
  source?: "container" | "system";
  /** Only the last N lines of the backlog, 0 to 5000. @default 100, the API's */
  tail?: number;
  /** Only lines at or after this time (ISO 8601). */
  since?: string;
  /** Keep the stream open and yield new lines until the resource is gone or `signal` aborts. @default false */
  follow?: boolean;
  /** Resume after this event id, as a reconnecting reader does. */
  lastEventId?: string;
}

/** The log at `path` as server-sent events, opened again after the last event when the connection drops. */
export function logEvents(transport: Transport, path: string, options: LogOptions): AsyncGenerator<ServerSentEvent> {
  const { source, tail, since, follow, lastEventId, ...request } = options;
  return resumingServerSentEvents(transport, {
    ...request,
    method: "GET",
    path,
    query: { source, tail, since, follow: follow || undefined },
    headers: lastEventId ? { "last-event-id": lastEventId } : {},
    // A followed log may be quiet for long; the stream ends when its resource is gone or the signal aborts.
    ...(follow ? { bodyTimeoutMs: 0 } : {}),
  });
}
