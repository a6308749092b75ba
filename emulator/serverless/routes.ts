import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { callerOf } from "../http/auth";
import type { EmulatorContext } from "../context";
import {
  checkEndpointReferences,
  checkOneComputeFamily,
  checkScaling,
  cpuSelection,
  endpointTemplate,
  gpuForCreate,
  gpuForPatch,
  RELEASED_FIELDS,
} from "./endpointRules";
import { renderEndpoint } from "./endpointView";
import { containerUnder } from "../pods/podFromTemplate";
import { ownedEndpoint } from "../ownership";
import { Problem } from "../http/problem";
import { idParam, serveMethods } from "../http/routing";
import { createEndpointRequest, updateEndpointRequest } from "../schemas";
import type { EndpointRecord } from "../store";
import { parseBody } from "../http/validation";

/** `/v2/serverless` and `/v2/serverless/{id}`. */
export function registerServerlessRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const { store } = context;
  const render = (endpoint: EndpointRecord, request: FastifyRequest) => renderEndpoint(endpoint, jobBaseUrl(request));

  serveMethods(app, "/serverless", {
    /** `GET /v2/serverless` (listEndpoints): list the account's serverless endpoints. */
    GET: async (request) => {
      const account = store.account(callerOf(request).account);
      return { endpoints: [...account.endpoints.values()].map((endpoint) => render(endpoint, request)) };
    },

    /**
     * `POST /v2/serverless` (createEndpoint): create a serverless endpoint. Errors: 400: invalid body, neither or
     * both compute families, unknown pool, CPU flavor, data center or registry, exclusions outside the pools, a CUDA
     * set with a floor, workers.min above max, or idleTimeout where it does not apply; 403: a read-only key, or a
     * referenced resource belongs to another account; 404: no template or network volume the caller may use has this
     * id; 422: no image and no template, a pod template, or QUEUE_DELAY scaling on a LOAD_BALANCER endpoint.
     */
    POST: async (request, reply) => {
      const caller = callerOf(request);
      const body = parseBody(createEndpointRequest, request.body);
      checkOneComputeFamily(body);
      const template = body.templateId === undefined ? undefined : endpointTemplate(store, caller, body.templateId);
      const container = template === undefined ? body : containerUnder(body, template);
      if (container.image === undefined) throw new Problem(422, "image is required unless templateId is set");
      const workers = checkScaling(body.type, body.scaling, body.workers);
      const gpu = body.gpu === undefined ? null : gpuForCreate(body.gpu, template);
      const cpu = body.cpu === undefined ? null : cpuSelection(body.cpu);
      checkEndpointReferences(store, caller, { ...body, registry: container.registry });
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
        releases: [],
        jobs: new Map(),
      };
      addRelease(endpoint, caller.account, now, []);
      store.account(caller.account).endpoints.set(endpoint.id, endpoint);
      return reply.code(201).send(render(endpoint, request));
    },
  });

  serveMethods(app, "/serverless/:id", {
    /**
     * `GET /v2/serverless/{id}` (getEndpoint): read a serverless endpoint. Errors: 403: the endpoint belongs to
     * another account; 404: no such endpoint.
     */
    GET: async (request) => render(ownedEndpoint(store, callerOf(request), idParam(request)), request),

    /**
     * `PATCH /v2/serverless/{id}` (updateEndpoint): change a serverless endpoint in place. Errors: 400: invalid body
     * (type included), the other compute family, or a rule of create; 403: a read-only key, or the endpoint belongs
     * to another account; 404: no such endpoint; 422: a pod template, or QUEUE_DELAY scaling on a LOAD_BALANCER
     * endpoint.
     */
    PATCH: async (request) => {
      const caller = callerOf(request);
      const endpoint = ownedEndpoint(store, caller, idParam(request));
      const requested = parseBody(updateEndpointRequest, request.body);
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
        dataCenterIds: patch.dataCenterIds ?? endpoint.dataCenterIds,
        networkVolumes: patch.networkVolumes ?? endpoint.networkVolumes,
        timeout: patch.timeout ?? endpoint.timeout,
        flashboot: patch.flashboot ?? endpoint.flashboot,
      } satisfies Partial<EndpointRecord>);
      if (diff.length > 0) addRelease(endpoint, caller.account, context.now(), diff);
      return render(endpoint, request);
    },

    /**
     * `DELETE /v2/serverless/{id}` (deleteEndpoint): delete an endpoint with its configuration, worker logs and job
     * history. Errors: 403: a read-only key, or the endpoint belongs to another account; 404: no such endpoint.
     */
    DELETE: async (request, reply) => {
      const endpoint = ownedEndpoint(store, callerOf(request), idParam(request));
      // Configuration, worker logs and job history all live on the record: they go with it; billing keeps what it used.
      const account = store.account(endpoint.account);
      account.endpoints.delete(endpoint.id);
      account.retiredEndpoints.push({ record: endpoint, removedAt: context.now() });
      return reply.code(204).send();
    },
  });
}

function addRelease(endpoint: EndpointRecord, account: string, now: number, diff: EndpointRecord["releases"][number]["diff"]): void {
  const version = endpoint.releases.length + 1;
  endpoint.releases.push({
    id: `${endpoint.id}-r${version}`,
    version,
    source: "MANUAL",
    buildId: null,
    createdByUserId: account,
    workerCount: 0,
    createdAt: new Date(now).toISOString(),
    diff,
  });
}

/** Where this emulator's job API answers, as the client reached it. */
export function jobBaseUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
