import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyReply } from "fastify";
import type { EmulatorContext } from "../context";
import { podLogQuery } from "../schemas";
import { queryParameters } from "./openapiBuilders";
import { sendEventStream } from "./sse";

/** How often a followed stream looks for new lines. */
const FOLLOW_POLL_MS = 100;
/** How long a followed stream may stay silent before it sends an SSE comment, so that idle-timeouts on the way keep it open. */
const KEEP_ALIVE_MS = 15_000;

/** A line of a log as the emulator keeps it: its position from 1 (what resumes after it) and its time. */
export interface KeptLine {
  id: number;
  timestamp: number;
}

/** The query parameters of a log stream, whose `follow` goes on until `what` is gone. */
export function logQueryParameters(what: string) {
  return queryParameters(podLogQuery, {
    source: { description: "Only this source" },
    tail: { description: "Last N lines of the backlog", schema: { type: "integer", minimum: 0, maximum: 5000 } },
    since: { description: "Lines at or after this time" },
    follow: { description: `Keep streaming new lines until ${what} is gone` },
  });
}

/** Where a log stream's backlog starts: after an event id, else at a time, else the last `tail` lines. */
export interface BacklogChoice {
  afterId: number | undefined;
  since: number | undefined;
  tail: number;
}

/** The lines of `log` a stream sends first, as `Last-Event-ID`, else `since`, else `tail` choose them. */
export function backlogOf<Line extends KeptLine>(log: Line[], { afterId, since, tail }: BacklogChoice): Line[] {
  if (afterId !== undefined) return log.filter((line) => line.id > afterId);
  if (since !== undefined) return log.filter((line) => line.timestamp >= since);
  return tail === 0 ? [] : log.slice(-tail);
}

/**
 * Answers with the backlog as Server-Sent Events, then, when `follow`, with each line `read` finds appended, until
 * `read` says the log's resource is gone, the client leaves or the emulator closes. A `cutStreams` fault destroys the
 * connection mid-way, as a network drop does.
 */
export function sendLogStream<Line extends KeptLine>(
  context: EmulatorContext,
  reply: FastifyReply,
  stream: { backlog: Line[]; follow: boolean; read(): Line[] | undefined; format(line: Line): string },
): FastifyReply {
  const clientGone = new AbortController();
  reply.raw.once("close", () => clientGone.abort());
  const stop = AbortSignal.any([context.shutdown, clientGone.signal]);
  const cut = () => reply.raw.destroy();
  context.faults.onStreamCut(cut, stop);
  const sentUpTo = stream.backlog.at(-1)?.id ?? stream.read()?.at(-1)?.id ?? 0;

  async function* events(): AsyncGenerator<string> {
    yield* stream.backlog.map(stream.format);
    if (!stream.follow) return;
    let sent = sentUpTo;
    let quietSince = Date.now();
    while (!stop.aborted) {
      try {
        await sleep(FOLLOW_POLL_MS, undefined, { signal: stop });
      } catch {
        return;
      }
      const log = stream.read();
      if (log === undefined) return;
      const fresh = log.filter((line) => line.id > sent);
      if (fresh.length > 0) {
        sent = fresh.at(-1)!.id;
        quietSince = Date.now();
        yield* fresh.map(stream.format);
      } else if (Date.now() - quietSince >= KEEP_ALIVE_MS) {
        quietSince = Date.now();
        yield ": keep-alive\n\n";
      }
    }
  }

  return sendEventStream(reply, Readable.from(events()));
}
