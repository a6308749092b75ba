import type { EndpointRecord } from "../store";

/** Where a load-balancing endpoint's worker paths answer under the emulator's URL: `/v2/lb/{endpointId}`. */
export function loadBalancerBase(apiUrl: string, endpointId: string): string {
  return `${apiUrl}/v2/lb/${endpointId}`;
}

/** The path the load balancer pings on the workers: the endpoint's HEALTH_CHECK_PATH, else `/ping`. */
export function healthCheckPath(endpoint: EndpointRecord): string {
  const path = endpoint.env.HEALTH_CHECK_PATH ?? "/ping";
  return path.startsWith("/") ? path : `/${path}`;
}
