import { z } from "zod";
import { resumingServerSentEvents } from "./sse";
import { parseBody, type RequestOptions, type Transport } from "./transport";

/** Options of a pod's or a worker's log. */
export interface LogOptions extends RequestOptions {
  /** Which log to read. @default both */
  source?: "container" | "system";
  /** Only the last N lines of the backlog, 0 to 5000; ignored with `since` or `lastEventId`. @default 100, the API's */
  tail?: number;
  /** Only lines at or after this time (ISO 8601); ignored with `lastEventId`. */
  since?: string;
  /** Resume after this event id, as a reconnecting reader does. */
  lastEventId?: string;
  /** Hears when the stream is answered (true), and when it dropped and is being opened again (false). */
  onStream?: (open: boolean) => void;
}

/** One line of a pod's or a worker's log. */
export interface LogLine {
  /** Event id (`<ts>/<position>`), usable as `lastEventId` to resume after this line. */
  id: string | undefined;
  /** ISO timestamp. */
  ts: string;
  /** Which log it comes from. */
  source: "container" | "system";
  line: string;
}

const logData = z.object({ ts: z.string(), source: z.enum(["container", "system"]), line: z.string() });

/**
 * The log at `path`: its backlog, then new lines as they come, for as long as the resource exists; the API never
 * ends the stream before, so a reader stops it with `signal` or by leaving the loop. A connection dropped mid-stream
 * is opened again after the last line's id, so that no line comes twice or goes missing.
 */
export async function* logLines(transport: Transport, path: string, options: LogOptions): AsyncGenerator<LogLine> {
  const { source, tail, since, lastEventId, onStream, ...request } = options;
  const events = resumingServerSentEvents(
    transport,
    {
      ...request,
      method: "GET",
      path,
      query: { source, tail, since },
      headers: lastEventId ? { "last-event-id": lastEventId } : {},
      // A log may be quiet for long: the stream ends when its resource is gone, the signal aborts or the reader leaves.
      bodyTimeoutMs: 0,
    },
    onStream,
  );
  for await (const event of events) yield { id: event.id, ...parseBody(logData, event.data, { method: "GET", path }) };
}
