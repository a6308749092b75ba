import type { FastifyRequest } from "fastify";
import { healthCheckPath, loadBalancerBase } from "../loadBalancer/paths";
import type { EndpointRecord } from "../store";
import type { Endpoint, EndpointRequestUrls } from "../wire";

/** An endpoint as the API renders it; `jobBaseUrl` is where its job API and workers answer (the emulator's own URL). */
export function renderEndpoint(endpoint: EndpointRecord, jobBaseUrl: string): Endpoint {
  return {
    id: endpoint.id,
    name: endpoint.name,
    type: endpoint.type,
    requestUrls: requestUrls(endpoint, jobBaseUrl),
    image: endpoint.image,
    args: endpoint.args,
    disk: endpoint.disk,
    env: { ...endpoint.env },
    ports: [...endpoint.ports],
    registry: endpoint.registry,
    gpu: endpoint.gpu === null ? null : structuredClone(endpoint.gpu),
    ...(endpoint.cpu === null ? {} : { cpu: endpoint.cpu.map((cpu) => ({ ...cpu })) }),
    workers: { ...endpoint.workers },
    scaling: { ...endpoint.scaling },
    dataCenterIds: [...endpoint.dataCenterIds],
    networkVolumes: [...endpoint.networkVolumes],
    timeout: endpoint.timeout,
    flashboot: endpoint.flashboot,
    createdAt: new Date(endpoint.createdAt).toISOString(),
  };
}

/** Where the endpoint answers; `{job_id}` stands for a job's id, as in the reference. */
function requestUrls(endpoint: EndpointRecord, jobBaseUrl: string): EndpointRequestUrls {
  if (endpoint.type === "LOAD_BALANCER") {
    const base = loadBalancerBase(jobBaseUrl, endpoint.id);
    return { base, health: `${base}${healthCheckPath(endpoint)}` };
  }
  const base = `${jobBaseUrl}/v2/${endpoint.id}`;
  return {
    run: `${base}/run`,
    runSync: `${base}/runsync`,
    status: `${base}/status/{job_id}`,
    stream: `${base}/stream/{job_id}`,
    cancel: `${base}/cancel/{job_id}`,
    retry: `${base}/retry/{job_id}`,
    purgeQueue: `${base}/purge-queue`,
    health: `${base}/health`,
  };
}

/** The endpoint as the API renders it to this request: its URLs on the host the client reached. */
export function presentEndpoint(endpoint: EndpointRecord, request: FastifyRequest): Endpoint {
  return renderEndpoint(endpoint, jobBaseUrl(request));
}

/** Where this emulator's job API answers, as the client reached it. */
export function jobBaseUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
