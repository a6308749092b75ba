import { callerOf } from "../http/auth";
import { string } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { idParam } from "../http/routing";
import { backlogOf, logQueryParameters, sendLogStream } from "../http/logStream";
import { formatSseEvent } from "../http/sse";
import { parseQuery } from "../http/validation";
import { ownedEndpoint } from "../ownership";
import { podLogQuery } from "../schemas";
import { endpointId, workerId } from "./parameters";
import { jobWorkerId, workersOf } from "./workers";
import { workerLog, type WorkerLogLine } from "./workerLog";

/**
 * `GET /v2/serverless/{id}/workers/{workerId}/logs`: a worker's log as Server-Sent Events, the backlog chosen by
 * `Last-Event-ID`, else `since`, else `tail`, then with `follow=true` new lines until the endpoint is gone; answers
 * 400, 403, 404 as `spec.errors` says.
 */
export const getWorkerLogs: Operation = {
  method: "GET",
  path: "/serverless/{id}/workers/{workerId}/logs",
  spec: {
    operationId: "getWorkerLogs",
    summary: "Read a worker's logs as Server-Sent Events",
    description:
      "Each event's data is `{source, line, ts}`; its id is `<ts>/<position>`, which `Last-Event-ID` resumes after. " +
      "The backlog is chosen by the `Last-Event-ID` header (events after it), else `since`, else `tail`.",
    parameters: [
      endpointId,
      workerId,
      ...logQueryParameters("the endpoint"),
      { name: "Last-Event-ID", in: "header", required: false, schema: string },
    ],
    ok: { status: 200, description: "The event stream", schema: string, contentType: "text/event-stream" },
    errors: {
      400: "Invalid query or Last-Event-ID",
      403: "The endpoint belongs to another account",
      404: "No such endpoint or worker",
    },
  },
  async handle(context, request, reply) {
    const { store, options } = context;
    const endpoint = ownedEndpoint(store, callerOf(request), idParam(request));
    const { workerId } = request.params as { workerId: string };
    const known =
      workerId === jobWorkerId(endpoint) || workersOf(endpoint, options.timings, context.now()).some((worker) => worker.id === workerId);
    if (!known) throw new Problem(404, `Worker ${workerId} of endpoint ${endpoint.id} not found`);
    const query = parseQuery(podLogQuery, request.query);
    const ofSource = (line: WorkerLogLine) => query.source === undefined || line.source === query.source;
    const read = () =>
      store.find("endpoints", endpoint.id) === undefined ? undefined : workerLog(endpoint, workerId, context.now()).filter(ofSource);
    const log = read() ?? [];
    const backlog = backlogOf(log, {
      afterId: afterEventId(request.headers["last-event-id"], log),
      since: query.since === undefined ? undefined : Date.parse(query.since),
      tail: query.tail,
    });
    return sendLogStream(context, reply, { backlog, follow: query.follow === "true", read, format: formatEvent });
  },
};

/** `Last-Event-ID` as the position it resumes after: an id this stream sent, or a bare time (every line up to it). */
function afterEventId(header: string | string[] | undefined, log: WorkerLogLine[]): number | undefined {
  if (header === undefined) return undefined;
  const sent = typeof header === "string" ? /^(.+)\/(\d{12})$/.exec(header) : null;
  if (sent !== null) return Number(sent[2]);
  const time = typeof header === "string" ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(time)) throw new Problem(400, "Last-Event-ID must be the id of an event this stream sent, or a time");
  return log.filter((line) => line.timestamp <= time).at(-1)?.id ?? 0;
}

function formatEvent(line: WorkerLogLine): string {
  const ts = new Date(line.timestamp).toISOString();
  return formatSseEvent({ id: `${ts}/${String(line.id).padStart(12, "0")}`, data: { source: line.source, line: line.line, ts } });
}
