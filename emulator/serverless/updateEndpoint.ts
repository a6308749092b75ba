import { isDeepStrictEqual } from "node:util";
import { badRequestOrCapacity, ownResource } from "../http/openapiBuilders";
import { Problem } from "../http/problem";
import { containerUnder } from "../pods/podFromTemplate";
import { updateEndpointRequest } from "./requests";
import type { EndpointRecord } from "../store";
import { checkEndpointReferences, checkScaling, cpuSelection, endpointTemplate, gpuForPatch, RELEASED_FIELDS } from "./endpointRules";
import { endpoints } from "./collection";
import { addRelease } from "./releases";
import { reholdStandingWorkers, type WorkerConfig } from "./standingWorkers";

/**
 * `PATCH /v2/serverless/{id}`: change a serverless endpoint in place;
 * answers 400, 403, 404, 422 as `spec.errors` says.
 */
export const updateEndpoint = endpoints.update({
  operationId: "updateEndpoint",
  summary: "Change a serverless endpoint in place",
  description:
    "`type` and the compute family never change. `gpu.pools` replaces the pools and their exclusions together. " +
    "A container change (image, args, disk, env, ports, registry) adds a release. A change of the compute, " +
    "`workers.min` or `dataCenterIds` places the standing workers again, as create does; when that finds no room " +
    "they keep what they held.",
  bodySchema: "UpdateEndpointRequest",
  body: updateEndpointRequest,
  ok: "The updated endpoint",
  errors: {
    400: badRequestOrCapacity("Invalid body (type included), the other compute family, or a rule of create", {
      demand: { pool: "gpu", typeId: "NVIDIA H100 80GB HBM3", cloud: "SECURE", count: 6 },
      dataCenterIds: ["US-CA-2", "EU-SE-1"],
    }),
    ...ownResource("endpoint", "write"),
    422: "A pod template, or QUEUE_DELAY scaling on a LOAD_BALANCER endpoint",
  },
  apply(endpoint, requested, context, caller) {
    const { store } = context;
    if (requested.gpu !== undefined && requested.cpu !== undefined) {
      throw new Problem(400, "gpu and cpu cannot both be set; an endpoint's compute family never changes");
    }
    if (requested.gpu !== undefined && endpoint.gpu === null) {
      throw new Problem(400, `Endpoint ${endpoint.id} is a CPU endpoint; gpu cannot be set (the compute family never changes)`);
    }
    if (requested.cpu !== undefined && endpoint.cpu === null) {
      throw new Problem(400, `Endpoint ${endpoint.id} is a GPU endpoint; cpu cannot be set (the compute family never changes)`);
    }
    const template = requested.templateId === undefined ? undefined : endpointTemplate(store, caller, requested.templateId);
    const { templateId: _templateId, ...patch } = template === undefined ? requested : containerUnder(requested, template);
    const scaling = patch.scaling ?? endpoint.scaling;
    const { idleTimeout: currentIdleTimeout, ...bounds } = endpoint.workers;
    const keepsIdleTimeout = patch.scaling === undefined || patch.workers?.idleTimeout !== undefined;
    const workers = checkScaling(endpoint.type, scaling, {
      ...bounds,
      ...(keepsIdleTimeout && currentIdleTimeout !== undefined ? { idleTimeout: currentIdleTimeout } : {}),
      ...patch.workers,
    });
    const gpu = patch.gpu === undefined || endpoint.gpu === null ? endpoint.gpu : gpuForPatch(endpoint.gpu, patch.gpu);
    const cpu = patch.cpu === undefined ? endpoint.cpu : cpuSelection(patch.cpu);
    checkEndpointReferences(store, caller, patch);
    const dataCenterIds = patch.dataCenterIds ?? endpoint.dataCenterIds;
    // Standing workers move only when what they run on, how many stand or where they may run changes.
    const placing = (config: WorkerConfig) => [config.gpu, config.cpu, config.workers.min, config.dataCenterIds];
    const placement = { gpu, cpu, workers, dataCenterIds };
    const moves = !isDeepStrictEqual(placing(placement), placing(endpoint));
    const held = moves ? reholdStandingWorkers(context.stock, endpoint.held, placement) : endpoint.held;

    const diff = RELEASED_FIELDS.flatMap((field) => {
      const requestedValue = patch[field];
      return requestedValue === undefined || isDeepStrictEqual(requestedValue, endpoint[field])
        ? []
        : [{ field, old: endpoint[field], new: requestedValue }];
    });
    Object.assign(endpoint, {
      name: patch.name ?? endpoint.name,
      image: patch.image ?? endpoint.image,
      args: patch.args ?? endpoint.args,
      disk: patch.disk ?? endpoint.disk,
      env: patch.env ?? endpoint.env,
      ports: patch.ports ?? endpoint.ports,
      registry: patch.registry === undefined ? endpoint.registry : patch.registry,
      templateId: template?.id ?? endpoint.templateId,
      gpu,
      cpu,
      workers,
      scaling,
      dataCenterIds,
      held,
      networkVolumes: patch.networkVolumes ?? endpoint.networkVolumes,
      timeout: patch.timeout ?? endpoint.timeout,
      flashboot: patch.flashboot ?? endpoint.flashboot,
    } satisfies Partial<EndpointRecord>);
    if (diff.length > 0) addRelease(endpoint, caller.account, context.now(), diff);
  },
});
