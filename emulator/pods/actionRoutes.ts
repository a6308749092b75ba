import type { FastifyInstance } from "fastify";
import { callerOf } from "../http/auth";
import type { EmulatorContext } from "../context";
import { modifiablePod } from "../ownership";
import { renderPod } from "./podView";
import { idParam, serveMethods } from "../http/routing";
import { checkAction } from "./actions";
import { podActionRequest } from "../schemas";
import { parseBody } from "../http/validation";

/** `POST /v2/pods/{id}/action`: answers 200 with the pod after the transition, TERMINATED for terminate. */
export function registerPodActionRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const { store, lifecycle } = context;

  serveMethods(app, "/pods/:id/action", {
    POST: async (request) => {
      const pod = modifiablePod(store, callerOf(request), idParam(request));
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
  });
}
