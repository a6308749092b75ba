import { callerOf } from "../http/auth";
import { ownResource } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { modifiablePod } from "../ownership";
import { MEMBER_PODS, podId } from "./parameters";

/** `DELETE /v2/pods/{id}`: terminates the pod, 204; 403/404 as for any pod, 409 for a cluster member. */
export const deletePod: Operation = {
  method: "DELETE",
  path: "/pods/{id}",
  spec: {
    operationId: "deletePod",
    summary: "Terminate a pod",
    parameters: [podId],
    ok: { status: 204, description: "Terminated; no body" },
    errors: { ...ownResource("pod", "write"), 409: MEMBER_PODS },
  },
  async handle(context, request, reply) {
    context.remove(modifiablePod(context.store, callerOf(request), idParam(request)));
    return reply.code(204).send();
  },
};
