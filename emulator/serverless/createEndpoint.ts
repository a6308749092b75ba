import { badRequestOrCapacity, READ_ONLY_KEY } from "../http/openapiBuilders";
import { Problem } from "../http/problem";
import { containerUnder } from "../pods/podFromTemplate";
import { createEndpointRequest } from "./requests";
import type { EndpointRecord } from "../store";
import {
  checkEndpointReferences,
  checkOneComputeFamily,
  checkScaling,
  cpuSelection,
  endpointTemplate,
  gpuForCreate,
} from "./endpointRules";
import { endpoints } from "./collection";
import { addRelease } from "./releases";
import { holdStandingWorkers } from "./standingWorkers";

/** `POST /v2/serverless`: create a serverless endpoint; answers 400, 403, 404, 422 as `spec.errors` says. */
export const createEndpoint = endpoints.create({
  operationId: "createEndpoint",
  summary: "Create a serverless endpoint",
  description:
    "Exactly one of `gpu` (serverless pools) or `cpu`. With `templateId` (a serverless template), the template " +
    "supplies the container settings the body leaves out; `env` is merged per key. A LOAD_BALANCER endpoint " +
    "scales on REQUEST_COUNT. The endpoint accepts jobs at once. Its `workers.min` standing workers hold " +
    "`workers.min × gpu.count` GPUs of the first type of the pools (or vCPUs of the first CPU flavor) with room for " +
    "them all in one data center, the first of `dataCenterIds` (else of the catalog), until it is deleted.",
  bodySchema: "CreateEndpointRequest",
  body: createEndpointRequest,
  ok: "The created endpoint",
  errors: {
    400: badRequestOrCapacity(
      "Invalid body, neither or both compute families, unknown pool, CPU flavor, data center or registry, " +
        "exclusions outside the pools, a CUDA set with a floor, workers.min above max, or idleTimeout where it does not apply",
      { demand: { pool: "gpu", typeId: "NVIDIA H100 80GB HBM3", cloud: "SECURE", count: 4 }, dataCenterIds: ["US-CA-2", "EU-SE-1"] },
    ),
    403: `${READ_ONLY_KEY}, or a referenced resource belongs to another account`,
    404: "No template or network volume the caller may use has this id",
    422: "No image and no template, a pod template, or QUEUE_DELAY scaling on a LOAD_BALANCER endpoint",
  },
  make(body, context, caller) {
    const { store } = context;
    checkOneComputeFamily(body);
    const template = body.templateId === undefined ? undefined : endpointTemplate(store, caller, body.templateId);
    const container = template === undefined ? body : containerUnder(body, template);
    if (container.image === undefined) throw new Problem(422, "image is required unless templateId is set");
    const workers = checkScaling(body.type, body.scaling, body.workers);
    const gpu = body.gpu === undefined ? null : gpuForCreate(body.gpu, template);
    const cpu = body.cpu === undefined ? null : cpuSelection(body.cpu);
    checkEndpointReferences(store, caller, { ...body, registry: container.registry });
    const held = holdStandingWorkers(context.stock, { gpu, cpu, workers, dataCenterIds: body.dataCenterIds });
    const now = context.now();
    const endpoint: EndpointRecord = {
      id: store.newId(),
      account: caller.account,
      createdAt: now,
      name: body.name,
      type: body.type,
      templateId: template?.id ?? null,
      image: container.image,
      args: container.args ?? "",
      disk: container.disk ?? 20,
      env: { ...container.env },
      ports: [...(container.ports ?? [])],
      registry: container.registry ?? null,
      gpu,
      cpu,
      workers,
      scaling: body.scaling,
      dataCenterIds: body.dataCenterIds,
      networkVolumes: body.networkVolumes,
      timeout: body.timeout,
      flashboot: body.flashboot,
      held,
      releases: [],
      jobs: new Map(),
    };
    addRelease(endpoint, caller.account, now, []);
    return endpoint;
  },
});
