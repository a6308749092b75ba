import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { callerOf } from "../http/auth";
import { ownResource, queryParameters, string } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { idParam } from "../http/routing";
import { formatSseEvent, sendEventStream } from "../http/sse";
import { parseQuery } from "../http/validation";
import { ownedPod } from "../ownership";
import { podLogQuery } from "../schemas";
import { podId } from "./parameters";
import { type LogLine, type LogSource, podLog } from "./podLog";

/** How often a followed stream looks for new lines. */
const FOLLOW_POLL_MS = 100;
/** How long a followed stream may stay silent before it sends an SSE comment, so that idle-timeouts on the way keep it open. */
const KEEP_ALIVE_MS = 15_000;

/**
 * `GET /v2/pods/{id}/logs` as Server-Sent Events: the backlog chosen by `Last-Event-ID`, else `since`, else `tail`;
 * then, with `follow=true`, new lines until the pod is gone, the client leaves or the emulator closes. 400 for a bad
 * query or `Last-Event-ID`, 403/404 as for any pod.
 */
export const getPodLogs: Operation = {
  method: "GET",
  path: "/pods/{id}/logs",
  spec: {
    operationId: "getPodLogs",
    summary: "Stream a pod's log",
    description:
      "Server-Sent Events: `id:` (increasing integer), `event: log`, `data:` JSON `{timestamp, source, message}`. " +
      "The backlog is chosen by the `Last-Event-ID` header (events after it), else `since`, else `tail`.",
    parameters: [
      podId,
      ...queryParameters(podLogQuery, {
        source: { description: "Only this source" },
        tail: { description: "Last N lines of the backlog", schema: { type: "integer", minimum: 0, maximum: 5000 } },
        since: { description: "Lines at or after this time" },
        follow: { description: "Keep streaming new lines until the pod is gone" },
      }),
      { name: "Last-Event-ID", in: "header", required: false, schema: { type: "string", pattern: "^\\d+$" } },
    ],
    ok: { status: 200, description: "The event stream", schema: string, contentType: "text/event-stream" },
    errors: { 400: "Invalid query or Last-Event-ID", ...ownResource("pod", "read") },
  },
  async handle(context, request, reply) {
    const { store, lifecycle } = context;
    const pod = ownedPod(store, callerOf(request), idParam(request));
    const query = parseQuery(podLogQuery, request.query);
    const lastEventId = parseLastEventId(request.headers["last-event-id"]);
    const since = query.since === undefined ? undefined : Date.parse(query.since);
    const ofSource = (line: LogLine) => query.source === undefined || line.source === query.source;

    const log = podLog(pod, lifecycle, context.now());
    const matching = log.filter(ofSource);
    let backlog: LogLine[];
    if (lastEventId !== undefined) backlog = matching.filter((line) => line.id > lastEventId);
    else if (since !== undefined) backlog = matching.filter((line) => line.timestamp >= since);
    else backlog = query.tail === 0 ? [] : matching.slice(-query.tail);

    const clientGone = new AbortController();
    reply.raw.once("close", () => clientGone.abort());
    const stop = AbortSignal.any([context.shutdown, clientGone.signal]);

    async function* events(): AsyncGenerator<string> {
      yield* backlog.map(formatEvent);
      if (query.follow !== "true") return;
      let seen = log.length;
      let quietSince = Date.now();
      while (!stop.aborted) {
        try {
          await sleep(FOLLOW_POLL_MS, undefined, { signal: stop });
        } catch {
          return;
        }
        const current = store.findPod(pod.id);
        if (current === undefined) return;
        const lines = podLog(current, lifecycle, context.now());
        const fresh = lines.slice(seen).filter(ofSource);
        seen = lines.length;
        if (fresh.length > 0) {
          quietSince = Date.now();
          yield* fresh.map(formatEvent);
        } else if (Date.now() - quietSince >= KEEP_ALIVE_MS) {
          quietSince = Date.now();
          yield ": keep-alive\n\n";
        }
      }
    }

    return sendEventStream(reply, Readable.from(events()));
  },
};

function parseLastEventId(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  if (typeof header === "string" && /^\d+$/.test(header)) return Number(header);
  throw new Problem(400, "Last-Event-ID must be the id of an event this stream sent");
}

function formatEvent(line: LogLine): string {
  const data: { timestamp: string; source: LogSource; message: string } = {
    timestamp: new Date(line.timestamp).toISOString(),
    source: line.source,
    message: line.message,
  };
  return formatSseEvent({ id: line.id, event: "log", data });
}
