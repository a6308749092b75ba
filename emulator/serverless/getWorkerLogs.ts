import { callerOf } from "../http/auth";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { idParam } from "../http/routing";
import { logStreamParameters, logStreamResponse, sendLogStream } from "../http/logStream";
import { ownedEndpoint } from "../ownership";
import { endpointId, workerId } from "./parameters";
import { jobWorkerId, workersOf } from "./workers";
import { workerLog } from "./workerLog";

/**
 * `GET /v2/serverless/{id}/workers/{workerId}/logs`: a worker's log as Server-Sent Events, the backlog chosen by
 * `Last-Event-ID`, else `since`, else `tail`, then new lines until the endpoint is gone or the client leaves; answers
 * 400, 403, 404 as `spec.errors` says.
 */
export const getWorkerLogs: Operation = {
  method: "GET",
  path: "/serverless/{id}/workers/{workerId}/logs",
  spec: {
    operationId: "getWorkerLogs",
    summary: "Read a worker's logs as Server-Sent Events",
    description:
      "Server-Sent Events: `id:` `<ts>/<position>`, `data:` JSON `{ts, source, line}`. The backlog is chosen by the " +
      "`Last-Event-ID` header (events after it), else `since`, else `tail`; new lines follow while the endpoint exists.",
    parameters: [endpointId, workerId, ...logStreamParameters],
    ok: logStreamResponse("the endpoint"),
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
    return sendLogStream(context, request, reply, () =>
      store.find("endpoints", endpoint.id) === undefined ? undefined : workerLog(endpoint, workerId, context.now()),
    );
  },
};
