import { callerOf } from "../http/auth";
import { ownResource, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { ownedPod } from "../ownership";
import { podId } from "./parameters";

/** `GET /v2/pods/{id}`: the pod as it is now; 404 when there is none, 403 when another account owns it. */
export const getPod: Operation = {
  method: "GET",
  path: "/pods/{id}",
  spec: {
    operationId: "getPod",
    summary: "Read a pod",
    parameters: [podId],
    ok: { status: 200, description: "The pod", schema: ref("Pod") },
    errors: ownResource("pod", "read"),
  },
  async handle(context, request) {
    return context.present(ownedPod(context.store, callerOf(request), idParam(request)));
  },
};
