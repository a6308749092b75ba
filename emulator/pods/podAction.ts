import { callerOf } from "../http/auth";
import { ownResource, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { parseBody } from "../http/validation";
import { modifiablePod } from "../ownership";
import { podActionRequest } from "../schemas";
import { ACTIONS_BY_STATUS, checkAction } from "./actions";
import { MEMBER_PODS, podId } from "./parameters";
import { renderPod } from "./podView";

const actionTable = Object.entries(ACTIONS_BY_STATUS)
  .map(([status, actions]) => `- \`${status}\`: ${actions.join(", ") || "none"}`)
  .join("\n");

/**
 * `POST /v2/pods/{id}/action`: starts, stops, restarts or terminates the pod and answers it after the transition
 * (TERMINATED for terminate); 400 for a bad body, 403/404 as for any pod, 409 when the status or the lock forbids
 * the action or the pod is a cluster member.
 */
export const podAction: Operation = {
  method: "POST",
  path: "/pods/{id}/action",
  spec: {
    operationId: "podAction",
    summary: "Start, stop, restart or terminate a pod",
    description:
      `Valid actions per status (any other answers 409; a locked pod refuses stop and restart):\n\n${actionTable}\n\n` +
      "start resumes on the same machine (STARTING → RUNNING); stop → EXITED; restart → STARTING → RUNNING; " +
      "terminate removes the pod and answers it with status TERMINATED.",
    parameters: [podId],
    body: "PodActionRequest",
    ok: { status: 200, description: "The pod after the transition", schema: ref("Pod") },
    errors: {
      400: "Invalid body",
      ...ownResource("pod", "write"),
      409: `Not valid in the pod's status, or the pod is locked; or: ${MEMBER_PODS}`,
    },
  },
  async handle(context, request) {
    const { lifecycle } = context;
    const pod = modifiablePod(context.store, callerOf(request), idParam(request));
    const { action } = parseBody(podActionRequest, request.body);
    const now = context.now();
    checkAction(pod.id, lifecycle.observe(pod, now).status, action, pod.locked);
    switch (action) {
      case "start":
        lifecycle.start(pod, now);
        break;
      case "stop":
        lifecycle.stop(pod, now);
        break;
      case "restart":
        lifecycle.restart(pod, now);
        break;
      case "terminate":
        context.remove(pod);
        return renderPod(pod, { status: "TERMINATED", runningSince: null, hasMachine: false }, now);
    }
    return context.present(pod);
  },
};
