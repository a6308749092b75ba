import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance } from "fastify";
import { callerOf } from "../http/auth";
import type { EmulatorContext } from "../context";
import { modifiablePod, ownedPod } from "../ownership";
import { idParam, serveMethods } from "../http/routing";
import { parsePodCreate, patchFromTemplate, podTemplate } from "./podFromTemplate";
import { checkRegistryReference } from "../registries/registryReference";
import { checkCompute } from "./compute";
import { withInjectedEnv } from "./injectedEnv";
import { mountsForCreate, mountsForPatch, networkVolumeToMount } from "./mounts";
import { chooseDataCenter } from "../placement/scheduler";
import { addPod } from "./podRecord";
import { podListQuery, type UpdatePodRequest, updatePodRequest } from "../schemas";
import type { PodRecord } from "../store";
import type { Mounts } from "../wire";
import { parseBody, parseQuery } from "../http/validation";

/** `/v2/pods` and `/v2/pods/{id}`. */
export function registerPodRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const { store, lifecycle } = context;

  serveMethods(app, "/pods", {
    GET: async (request) => {
      const account = store.account(callerOf(request).account);
      const { includeClusterPods } = parseQuery(podListQuery, request.query);
      const pods = [...account.pods.values()].filter((pod) => includeClusterPods || pod.membership === null);
      return { pods: pods.map((pod) => context.present(pod)) };
    },

    POST: async (request, reply) => {
      const caller = callerOf(request);
      const { body, template } = parsePodCreate(store, caller, request.body);
      const { compute, offeredIn, hostCudaVersion } = checkCompute(body);
      const mounts = mountsForCreate(body.mounts, compute);
      const volume = networkVolumeToMount(store, caller, mounts);
      checkRegistryReference(store, caller, body.registry);
      const dataCenterId = chooseDataCenter({
        compute: compute.id,
        offeredIn,
        dataCenterIds: body.dataCenterIds,
        volume: volume?.volume,
      });
      const account = store.account(caller.account);
      const env = withInjectedEnv(body, account);
      const pod = addPod(
        store,
        account,
        {
          name: body.name,
          image: body.image,
          args: body.args,
          disk: body.disk,
          env,
          ports: body.ports,
          registry: body.registry,
          template,
          locked: false,
          globalNetworking: body.globalNetworking,
          mounts,
          compute,
          cloud: body.cloud,
          dataCenterId,
          hostCudaVersion,
          membership: null,
        },
        context.now(),
      );
      return reply.code(201).send(context.present(pod));
    },
  });

  serveMethods(app, "/pods/:id", {
    GET: async (request) => context.present(ownedPod(store, callerOf(request), idParam(request))),

    PATCH: async (request) => {
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

    DELETE: async (request, reply) => {
      context.remove(modifiablePod(store, callerOf(request), idParam(request)));
      return reply.code(204).send();
    },
  });
}

/** Whether a PATCH changes what the running container was started with, which restarts it. */
function changesContainer(pod: PodRecord, patch: UpdatePodRequest, mounts: Mounts): boolean {
  const differs = <T>(requested: T | undefined, current: T) =>
    requested !== undefined && !isDeepStrictEqual(requested, current);
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
