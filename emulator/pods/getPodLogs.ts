import { callerOf } from "../http/auth";
import { ownResource } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { logStreamParameters, logStreamResponse, sendLogStream } from "../http/logStream";
import { ownedPod } from "../ownership";
import { podId } from "./parameters";
import { podLog } from "./podLog";

/**
 * `GET /v2/pods/{id}/logs` as Server-Sent Events: the backlog chosen by `Last-Event-ID`, else `since`, else `tail`,
 * then new lines until the pod is gone, the client leaves or the emulator closes. 400 for a bad query or
 * `Last-Event-ID`, 403/404 as for any pod.
 */
export const getPodLogs: Operation = {
  method: "GET",
  path: "/pods/{id}/logs",
  spec: {
    operationId: "getPodLogs",
    summary: "Stream a pod's log",
    description:
      "Server-Sent Events: `id:` `<ts>/<position>`, `data:` JSON `{ts, source, line}`. The backlog is chosen by the " +
      "`Last-Event-ID` header (events after it), else `since`, else `tail`; new lines follow while the pod exists.",
    parameters: [podId, ...logStreamParameters],
    ok: logStreamResponse("the pod"),
    errors: { 400: "Invalid query or Last-Event-ID", ...ownResource("pod", "read") },
  },
  async handle(context, request, reply) {
    const { store, lifecycle } = context;
    const pod = ownedPod(store, callerOf(request), idParam(request));
    return sendLogStream(context, request, reply, () => {
      const current = store.findPod(pod.id);
      return current && podLog(current, lifecycle, context.now());
    });
  },
};
