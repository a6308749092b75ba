import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { logQuery } from "../schemas";
import { queryParameters, type Schema, string } from "./openapiBuilders";
import { Problem } from "./problem";
import { formatSseEvent, sendEventStream } from "./sse";
import { parseQuery } from "./validation";

/** How often an open stream looks for new lines. */
const POLL_MS = 100;
/** How long a stream may stay silent before it sends an SSE comment, so that idle-timeouts on the way keep it open. */
const KEEP_ALIVE_MS = 15_000;

export type LogSource = "container" | "system";

/** A line of a log as the emulator keeps it: its position from 1 (what resumes after it), time, source and text. */
export interface KeptLine {
  id: number;
  timestamp: number;
  source: LogSource;
  line: string;
}

/** The parameters of a log stream: its query parameters, then the `Last-Event-ID` it resumes after. */
export const logStreamParameters: Schema[] = [
  ...queryParameters(logQuery, {
    source: { description: "Only this source; both when omitted" },
    tail: {
      description: "Last N lines of the backlog, 0 for none; ignored with `since` or `Last-Event-ID`",
      schema: { type: "integer", minimum: 0, maximum: 5000 },
    },
    since: { description: "Lines at or after this time; ignored with `Last-Event-ID`", schema: { type: "string", format: "date-time" } },
  }),
  {
    name: "Last-Event-ID",
    in: "header",
    required: false,
    description: "Resume after this event id (`<ts>/<position>`), or after every line up to this time",
    schema: string,
  },
];

/** The success of a log stream, as Server-Sent Events that stay open. */
export function logStreamResponse(what: string) {
  const always = (value: string): Schema => ({ description: `Always \`${value}\``, schema: string });
  return {
    status: 200 as const,
    description: `The event stream; it stays open until ${what} is gone or the client leaves`,
    schema: { ...string, description: "Events whose `id:` is `<ts>/<12-digit position>` and `data:` JSON `{ts, source, line}`" },
    contentType: "text/event-stream",
    headers: { "Cache-Control": always("no-cache"), Connection: always("keep-alive"), "X-Accel-Buffering": always("no") },
  };
}

/**
 * Answers `request` for a log with Server-Sent Events: the backlog chosen by `Last-Event-ID`, else `since`, else
 * `tail`, then each line `read` finds appended, until `read` says the log's resource is gone, the client leaves or
 * the emulator closes. 400 for a bad query or `Last-Event-ID`. A `cutStreams` fault destroys the connection
 * mid-way, as a network drop does.
 */
export function sendLogStream(
  context: EmulatorContext,
  request: FastifyRequest,
  reply: FastifyReply,
  read: () => KeptLine[] | undefined,
): FastifyReply {
  const query = parseQuery(logQuery, request.query);
  const ofSource = (line: KeptLine) => query.source === undefined || line.source === query.source;
  const readOwn = () => read()?.filter(ofSource);
  const log = readOwn() ?? [];
  const backlog = backlogOf(log, {
    afterId: afterEventId(request.headers["last-event-id"], log),
    since: query.since === undefined ? undefined : Date.parse(query.since),
    tail: query.tail,
  });

  const clientGone = new AbortController();
  reply.raw.once("close", () => clientGone.abort());
  const stop = AbortSignal.any([context.shutdown, clientGone.signal]);
  context.faults.onStreamCut(() => reply.raw.destroy(), stop);

  async function* events(): AsyncGenerator<string> {
    yield* backlog.map(formatLogEvent);
    let sent = log.at(-1)?.id ?? 0;
    let quietSince = Date.now();
    while (!stop.aborted) {
      try {
        await sleep(POLL_MS, undefined, { signal: stop });
      } catch {
        return;
      }
      const current = readOwn();
      if (current === undefined) return;
      const fresh = current.filter((line) => line.id > sent);
      if (fresh.length > 0) {
        sent = fresh.at(-1)!.id;
        quietSince = Date.now();
        yield* fresh.map(formatLogEvent);
      } else if (Date.now() - quietSince >= KEEP_ALIVE_MS) {
        quietSince = Date.now();
        yield ": keep-alive\n\n";
      }
    }
  }

  return sendEventStream(reply, Readable.from(events()));
}

/** Where a log stream's backlog starts: after an event id, else at a time, else the last `tail` lines. */
interface BacklogChoice {
  afterId: number | undefined;
  since: number | undefined;
  tail: number;
}

function backlogOf(log: KeptLine[], { afterId, since, tail }: BacklogChoice): KeptLine[] {
  if (afterId !== undefined) return log.filter((line) => line.id > afterId);
  if (since !== undefined) return log.filter((line) => line.timestamp >= since);
  return tail === 0 ? [] : log.slice(-tail);
}

/** `Last-Event-ID` as the position it resumes after: an id this stream sent, or a bare time (every line up to it). */
function afterEventId(header: string | string[] | undefined, log: KeptLine[]): number | undefined {
  if (header === undefined) return undefined;
  const sent = typeof header === "string" ? /^(.+)\/(\d{12})$/.exec(header) : null;
  if (sent !== null) return Number(sent[2]);
  const time = typeof header === "string" ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(time)) throw new Problem(400, "Last-Event-ID must be the id of an event this stream sent, or a time");
  return log.filter((line) => line.timestamp <= time).at(-1)?.id ?? 0;
}

function formatLogEvent({ id, timestamp, source, line }: KeptLine): string {
  const ts = new Date(timestamp).toISOString();
  return formatSseEvent({ id: `${ts}/${String(id).padStart(12, "0")}`, data: { ts, source, line } });
}
