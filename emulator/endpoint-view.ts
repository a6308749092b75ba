import type { EndpointRecord } from "./store";
import type { Endpoint, EndpointRequestUrls } from "./wire";

/** An endpoint as the API renders it; `jobBaseUrl` is where its job API answers (the emulator's own URL). */
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

function requestUrls(endpoint: EndpointRecord, jobBaseUrl: string): EndpointRequestUrls {
  const base = `${jobBaseUrl}/v2/${endpoint.id}`;
  if (endpoint.type === "LOAD_BALANCER") return { base, health: `${base}/ping` };
  return {
    run: `${base}/run`,
    runSync: `${base}/runsync`,
    status: `${base}/status`,
    stream: `${base}/stream`,
    cancel: `${base}/cancel`,
    retry: `${base}/retry`,
    purgeQueue: `${base}/purge-queue`,
    health: `${base}/health`,
  };
}
