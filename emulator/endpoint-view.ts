import type { EndpointRecord } from "./store";
import type { Endpoint } from "./wire";

/** An endpoint as the API renders it; `jobBaseUrl` is where its job API answers (the emulator's own URL). */
export function renderEndpoint(endpoint: EndpointRecord, jobBaseUrl: string): Endpoint {
  throw new Error(`renderEndpoint(${endpoint.id}, ${jobBaseUrl}) is not written yet`);
}
