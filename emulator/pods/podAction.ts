import { callerOf } from "../http/auth";
import { badRequestOrCapacity, ownResource, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { parseBody } from "../http/validation";
import { modifiablePod } from "../ownership";
import { podActionRequest } from "../schemas";
import { ACTIONS_BY_STATUS, checkAction } from "./actions";
import { MEMBER_PODS, podId } from "./parameters";
import { renderPod } from "./podView";
import { releaseStock, retakeStock } from "./podStock";

const actionTable = Object.entries(ACTIONS_BY_STATUS)
  .map(([status, actions]) => `- \`${status}\`: ${actions.join(", ") || "none"}`)
  .join("\n");

/**
 * `POST /v2/pods/{id}/action`: starts, stops, restarts or terminates the pod and answers it after the transition
 * (TERMINATED for terminate); 400 for a bad body or a start finding no idle stock (the capacity error), 403/404 as
 * for any pod, 409 when the status or the lock forbids the action or the pod is a cluster member.
 */
export const podAction: Operation = {
  method: "POST",
  path: "/pods/{id}/action",
  spec: {
    operationId: "podAction",
    summary: "Start, stop, restart or terminate a pod",
    description:
      `Valid actions per status (any other answers 409; a locked pod refuses stop and restart):\n\n${actionTable}\n\n` +
      "start resumes on the same machine (STARTING → RUNNING), taking its GPUs (or vCPUs) again in its data center; " +
      "stop → EXITED, giving them back; restart → STARTING → RUNNING; terminate removes the pod, gives them back " +
      "and answers it with status TERMINATED.",
    parameters: [podId],
    body: "PodActionRequest",
    ok: { status: 200, description: "The pod after the transition", schema: ref("Pod") },
    errors: {
      400: badRequestOrCapacity("Invalid body", {
        demand: { pool: "gpu", typeId: "NVIDIA L40S", cloud: "SECURE", count: 1 },
        dataCenterIds: ["US-TX-3"],
      }),
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
        retakeStock(context.stock, pod);
        lifecycle.start(pod, now);
        break;
      case "stop":
        releaseStock(context.stock, pod);
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
