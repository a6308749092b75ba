import { callerOf } from "../http/auth";
import { ownResource, string } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { idParam } from "../http/routing";
import { backlogOf, logQueryParameters, sendLogStream } from "../http/logStream";
import { formatSseEvent } from "../http/sse";
import { parseQuery } from "../http/validation";
import { ownedPod } from "../ownership";
import { podLogQuery } from "../schemas";
import { podId } from "./parameters";
import { type LogLine, type LogSource, podLog } from "./podLog";

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
      ...logQueryParameters("the pod"),
      { name: "Last-Event-ID", in: "header", required: false, schema: { type: "string", pattern: "^\\d+$" } },
    ],
    ok: { status: 200, description: "The event stream", schema: string, contentType: "text/event-stream" },
    errors: { 400: "Invalid query or Last-Event-ID", ...ownResource("pod", "read") },
  },
  async handle(context, request, reply) {
    const { store, lifecycle } = context;
    const pod = ownedPod(store, callerOf(request), idParam(request));
    const query = parseQuery(podLogQuery, request.query);
    const ofSource = (line: LogLine) => query.source === undefined || line.source === query.source;
    const read = () => {
      const current = store.findPod(pod.id);
      return current && podLog(current, lifecycle, context.now()).filter(ofSource);
    };
    const backlog = backlogOf(read() ?? [], {
      afterId: parseLastEventId(request.headers["last-event-id"]),
      since: query.since === undefined ? undefined : Date.parse(query.since),
      tail: query.tail,
    });
    return sendLogStream(context, reply, { backlog, follow: query.follow === "true", read, format: formatEvent });
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
