import { ownResource } from "../http/openapiBuilders";
import { modifiablePod } from "../ownership";
import { pods } from "./collection";
import { createPod } from "./createPod";
import { getPodLogs } from "./getPodLogs";
import { listPods } from "./listPods";
import { POD_SCHEMAS, PODS_TAG } from "./openapi";
import { MEMBER_PODS } from "./parameters";
import { podAction } from "./podAction";
import { updatePod } from "./updatePod";

/** Pods: GPU or CPU containers with their lifecycle, actions and logs; cluster members are managed by their cluster. */
export const podKind = pods.kind(
  PODS_TAG,
  [
    listPods,
    createPod,
    pods.get({ operationId: "getPod", summary: "Read a pod", ok: "The pod" }),
    updatePod,
    pods.delete({
      operationId: "deletePod",
      summary: "Terminate a pod",
      ok: "Terminated; no body",
      errors: { ...ownResource("pod", "write"), 409: MEMBER_PODS },
      remove(pod, context, caller) {
        context.remove(modifiablePod(context.store, caller, pod.id));
      },
    }),
    podAction,
    getPodLogs,
  ],
  POD_SCHEMAS,
);
