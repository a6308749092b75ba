import type { Dispatcher } from "undici";
import { pathEscape } from "./pathEscape";
import { type ApiCall, type RequestOptions, Transport, type TransportOptions } from "./transport";

/** One request to a load-balancing endpoint's workers, below its `base` URL. */
export interface LoadBalancingRequest {
  /** HTTP method. GET, PUT and DELETE are retried when their answer is lost; POST and PATCH never are. */
  method: ApiCall<never>["method"];
  /** Worker-defined path below the base URL. @example "/v1/generate" */
  path: string;
  /** Query parameters; undefined ones are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Extra headers; the API key is added. */
  headers?: Record<string, string>;
  /** JSON body, sent as is: no `{ input }` wrapper as on the job API. */
  body?: unknown;
}

/** A worker's answer, whatever its status. */
export interface LoadBalancingResponse {
  /** HTTP status, as the worker (or, for 401, 403 and 404, the platform) answered. */
  status: number;
  /** Response headers, lower-cased; repeated ones joined with `, `. */
  headers: Record<string, string>;
  /** The parsed JSON when the answer is JSON, its text otherwise; `undefined` when it is empty. */
  body: unknown;
}

/** Options of one load-balancing call. */
export type LoadBalancingRequestOptions = RequestOptions;

// Every error status is the worker's answer to pass on, except 429: that one is the platform's quota, waited out.
const WORKER_STATUSES = Array.from({ length: 200 }, (_, i) => 400 + i).filter((status) => status !== 429);

/**
 * Direct HTTP to load-balancing endpoints, at the URLs their `requestUrls` advertise. Requests carry the API key and
 * share the client's rate limit; a request that may have reached a worker is retried only when its method is
 * idempotent, and a worker's error answer is returned, not thrown.
 */
export class LoadBalancingClient {
  private readonly transports = new Map<string, Transport>();

  constructor(private readonly options: TransportOptions) {}

  /**
   * Sends `request` below `baseUrl` (an endpoint's `requestUrls.base`) and returns the worker's answer. A `path` that
   * could reach outside the base URL is refused with a RangeError before anything is sent, since the API key would
   * reach the rest of the API: one that resolves outside it, or that has what `computeplatform dev`'s gateway refuses
   * (a backslash, `%2F` or `%5C`, a `.` or `..` segment plain or encoded, `..;`, `..%00`).
   */
  async request(baseUrl: string, request: LoadBalancingRequest, options?: LoadBalancingRequestOptions): Promise<LoadBalancingResponse> {
    const base = new URL(baseUrl);
    const response = await this.transportFor(base.origin).stream({
      method: request.method,
      path: pathBelow(base, request.path),
      query: request.query,
      headers: request.headers,
      body: request.body,
      ...options,
      resultStatuses: WORKER_STATUSES,
    });
    return { status: response.statusCode, headers: flatHeaders(response.headers), body: await readBody(response) };
  }

  /** Pings an endpoint's `requestUrls.health` as its load balancer does: 200 once a worker is ready to serve. */
  async health(healthUrl: string, options?: LoadBalancingRequestOptions): Promise<LoadBalancingResponse> {
    return this.request(healthUrl, { method: "GET", path: "" }, options);
  }

  /** One transport per origin, all sharing the client's key, rate limit and connections. */
  private transportFor(origin: string): Transport {
    let transport = this.transports.get(origin);
    if (transport === undefined) {
      transport = new Transport({ ...this.options, baseUrl: origin });
      this.transports.set(origin, transport);
    }
    return transport;
  }
}

/** `path` joined below `base`'s path and resolved as the request will be; throws when it could reach outside it. */
function pathBelow(base: URL, path: string): string {
  const escape = pathEscape(path.split("?")[0]!);
  if (escape !== undefined) {
    throw new RangeError(`path: "${path}" has ${escape}, which could reach beyond the endpoint's base URL; nothing was sent`);
  }
  const basePath = base.pathname.replace(/\/+$/, "");
  const resolved = new URL(`${base.origin}${path === "" ? base.pathname : `${basePath}/${path.replace(/^\/+/, "")}`}`);
  if (resolved.origin !== base.origin || (resolved.pathname !== basePath && !resolved.pathname.startsWith(`${basePath}/`))) {
    throw new RangeError(
      `path: "${path}" resolves to ${resolved.pathname}, outside the endpoint's base URL ${base.origin}${basePath}; nothing was sent`,
    );
  }
  return `${resolved.pathname}${resolved.search}`;
}

function flatHeaders(headers: Dispatcher.ResponseData["headers"]): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

async function readBody(response: Dispatcher.ResponseData): Promise<unknown> {
  const text = await response.body.text();
  if (text === "") return undefined;
  const contentType = String(response.headers["content-type"] ?? "");
  return /[/+]json\b/.test(contentType) ? JSON.parse(text) : text;
}
