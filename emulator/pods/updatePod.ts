import { isDeepStrictEqual } from "node:util";
import { callerOf } from "../http/auth";
import { ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { parseBody } from "../http/validation";
import { modifiablePod } from "../ownership";
import { checkRegistryReference } from "../registries/registryReference";
import { type UpdatePodRequest, updatePodRequest } from "../schemas";
import type { PodRecord } from "../store";
import type { Mounts } from "../wire";
import { mountsForPatch } from "./mounts";
import { MEMBER_PODS, podId } from "./parameters";
import { patchFromTemplate, podTemplate } from "./podFromTemplate";

/**
 * `PATCH /v2/pods/{id}`: changes the pod in place, restarting a RUNNING container whose settings change; 400 for a
 * bad body or a forbidden mount change, 403/404 as for any pod (404 also for an unknown template), 409 for a
 * cluster member, 422 for an incomplete mount or a serverless template.
 */
export const updatePod: Operation = {
  method: "PATCH",
  path: "/pods/{id}",
  spec: {
    operationId: "updatePod",
    summary: "Change a pod in place",
    description:
      "Changing image, args, env, ports, disk or a mount path of a RUNNING pod restarts its container. " +
      "The mount kind and `volumeId` are fixed at create; a persistent mount may grow, not shrink. " +
      "`templateId` applies that template's image, args, disk, ports, env and registry under the body's own " +
      "(env merged per key, then replacing the pod's) and records it in `template`; mounts are left alone.",
    parameters: [podId],
    body: "UpdatePodRequest",
    ok: { status: 200, description: "The updated pod", schema: ref("Pod") },
    errors: {
      400: "Invalid body, a forbidden mount change, or an unknown registry",
      403: "A read-only key, or the pod or registry belongs to another account",
      404: "No such pod, or no such template readable by the caller",
      409: MEMBER_PODS,
      422: "A mount entry lacks a field, or the template is a serverless one",
    },
  },
  async handle(context, request) {
    const { store, lifecycle } = context;
    const caller = callerOf(request);
    const pod = modifiablePod(store, caller, idParam(request));
    const requested = parseBody(updatePodRequest, request.body);
    const template = requested.templateId === undefined ? undefined : podTemplate(store, caller, requested.templateId);
    const patch = template === undefined ? requested : patchFromTemplate(requested, template);
    checkRegistryReference(store, caller, requested.registry);
    const mounts = mountsForPatch(pod.mounts, patch.mounts);
    const now = context.now();
    const restart = lifecycle.observe(pod, now).status === "RUNNING" && changesContainer(pod, patch, mounts);
    pod.name = patch.name ?? pod.name;
    pod.image = patch.image ?? pod.image;
    pod.args = patch.args ?? pod.args;
    pod.disk = patch.disk ?? pod.disk;
    pod.env = patch.env ?? pod.env;
    pod.ports = patch.ports ?? pod.ports;
    pod.registry = patch.registry === undefined ? pod.registry : patch.registry;
    pod.locked = patch.locked ?? pod.locked;
    pod.globalNetworking = patch.globalNetworking ?? pod.globalNetworking;
    pod.template = template?.id ?? pod.template;
    pod.mounts = mounts;
    if (restart) lifecycle.restart(pod, now);
    return context.present(pod);
  },
};

/** Whether a PATCH changes what the running container was started with, which restarts it. */
function changesContainer(pod: PodRecord, patch: UpdatePodRequest, mounts: Mounts): boolean {
  const differs = <T>(requested: T | undefined, current: T) => requested !== undefined && !isDeepStrictEqual(requested, current);
  return (
    differs(patch.image, pod.image) ||
    differs(patch.args, pod.args) ||
    differs(patch.disk, pod.disk) ||
    differs(patch.env, pod.env) ||
    differs(patch.ports, pod.ports) ||
    mountPath(mounts) !== mountPath(pod.mounts)
  );
}

function mountPath(mounts: Mounts): string | undefined {
  return mounts.persistent?.path ?? mounts.network?.[0]?.path;
}
