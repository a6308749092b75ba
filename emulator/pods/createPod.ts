import { callerOf } from "../http/auth";
import { badRequestOrCapacity, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { chooseDataCenter } from "../placement/scheduler";
import { checkRegistryReference } from "../registries/registryReference";
import { checkCompute } from "./compute";
import { withInjectedEnv } from "./injectedEnv";
import { mountsForCreate, networkVolumeToMount } from "./mounts";
import { parsePodCreate } from "./podFromTemplate";
import { addPod } from "./podRecord";
import { podDemand } from "./podStock";

/**
 * `POST /v2/pods`: creates a pod from an image or a template, placed by the scheduler, and answers 201 with it;
 * 400 for a bad body, an unknown reference or no idle stock (the capacity error), 403 for another account's volume
 * or registry, 404 for an unknown template, 422 for an incomplete mount or a serverless template.
 */
export const createPod: Operation = {
  method: "POST",
  path: "/pods",
  spec: {
    operationId: "createPod",
    summary: "Create a pod",
    description:
      "Exactly one of `gpu` or `cpu`. With `templateId`, the template (the account's own or a public one) " +
      "supplies every container setting the body leaves out; `env` is merged per key, the body winning. The pod " +
      "is placed in its network volume's data center, else the first of `dataCenterIds` (else of the catalog) " +
      "offering the compute with room for it now, then goes PROVISIONING → STARTING → RUNNING. The pod holds its " +
      "GPUs (or vCPUs) until it is stopped or terminated.",
    body: ["CreatePodRequest", "CreatePodFromTemplateRequest"],
    ok: { status: 201, description: "The created pod", schema: ref("Pod") },
    errors: {
      400: badRequestOrCapacity("Invalid body (each failing path listed), unknown compute, data center, network volume or registry", {
        demand: { pool: "gpu", typeId: "NVIDIA H100 80GB HBM3", cloud: "SECURE", count: 2 },
        dataCenterIds: ["US-CA-2", "EU-SE-1"],
      }),
      403: "A read-only key, or the network volume or registry belongs to another account",
      404: "No template the caller may use has this `templateId`",
      422: "A mount entry lacks a field, or the template is a serverless one",
    },
  },
  async handle(context, request, reply) {
    const { store } = context;
    const caller = callerOf(request);
    const { body, template } = parsePodCreate(store, caller, request.body);
    const { compute, hostCudaVersion } = checkCompute(body);
    const mounts = mountsForCreate(body.mounts, compute);
    const volume = networkVolumeToMount(store, caller, mounts);
    checkRegistryReference(store, caller, body.registry);
    const dataCenterId = chooseDataCenter({
      compute: compute.id,
      demand: podDemand({ compute, cloud: body.cloud, membership: null }),
      stock: context.stock,
      dataCenterIds: body.dataCenterIds,
      volume: volume?.volume,
    });
    const account = store.account(caller.account);
    const pod = addPod(
      store,
      context.stock,
      account,
      {
        name: body.name,
        image: body.image,
        args: body.args,
        disk: body.disk,
        env: withInjectedEnv(body, account),
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
};
