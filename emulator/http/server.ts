import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest, type RouteOptions } from "fastify";
import { createContext, type EmulatorContext } from "../context";
import type { EmulatorKind } from "../kind";
import { COLLECTIONS, type EmulatorSnapshot, KINDS } from "../kindRegistry";
import { registerMetaRoutes } from "../meta/routes";
import { type EmulatorOptions, resolveOptions } from "../options";
import type { StockController } from "../placement/liveStock";
import { ApiKeys, rememberCaller, requirePermission } from "./auth";
import type { FaultController } from "./faults";
import { type WorkloadController, workloadController } from "../workloads";
import { refuseDeepBodies } from "./nestingLimit";
import { serveOperations } from "./operation";
import { Problem } from "./problem";
import { MALFORMED_RATE_LIMIT_HEADERS, RateLimiter, tooManyRequests } from "./rateLimit";
import { pathOf } from "./routing";
import { type ClockController, movableClock } from "../movableClock";
import type { GpuUtilizationController } from "../pods/gpuUtilization";

export type { EmulatorSnapshot } from "../kindRegistry";

/** One request the emulator received. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** Status answered; 0 when the connection was dropped without an answer. */
  status: number;
}

export interface Emulator {
  /** Base URL, e.g. `http://127.0.0.1:8787`; API paths start with `/v2`. */
  readonly url: string;
  readonly port: number;
  /** Stops listening, ends open log streams and closes every connection. */
  close(): Promise<void>;
  /** Every account's resources, rendered as the API would render them now. */
  snapshot(): EmulatorSnapshot;
  /** Every request received so far, rejected ones included, oldest first. */
  readonly requests: ReadonlyArray<RecordedRequest>;
  resetRequests(): void;
  /** Failures to inject while running. */
  readonly faults: FaultController;
  /** Idle stock, to script scarcity; every time is on the emulator's clock (`EmulatorOptions.clock`). */
  readonly stock: StockController;
  /** The GPU utilization a pod reports in `runtime`. */
  readonly gpuUtilization: GpuUtilizationController;
  /** The emulator's clock, to move time forward instead of waiting. */
  readonly clock: ClockController;
  /** What pods and workers print, and how workers' health checks go. */
  readonly workloads: WorkloadController;
}

/** Starts an emulator of the v2 API on loopback. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const clock = movableClock(resolveOptions(options).clock);
  const resolved = { ...resolveOptions(options), clock: clock.now };
  const shutdown = new AbortController();
  const context = createContext(resolved, shutdown.signal, COLLECTIONS);
  const requests: RecordedRequest[] = [];
  const app = buildServer(context, requests);
  await app.listen({ host: resolved.host, port: resolved.port });
  const port = (app.server.address() as AddressInfo).port;
  const host = resolved.host.includes(":") ? `[${resolved.host}]` : resolved.host;
  const url = `http://${host}:${port}`;
  return {
    url,
    port,
    async close() {
      shutdown.abort();
      await app.close();
    },
    snapshot() {
      return Object.fromEntries(
        KINDS.flatMap(({ snapshot }) => (snapshot === undefined ? [] : [[snapshot.key, snapshot.show(context, url)]])),
      ) as EmulatorSnapshot;
    },
    requests,
    resetRequests() {
      requests.length = 0;
    },
    faults: context.faults,
    stock: context.stock,
    gpuUtilization: context.gpuUtilization,
    clock,
    workloads: workloadController(context),
  };
}

/** A route as registered: its method(s) and URL in Fastify's syntax, e.g. `/v2/pods/:id`. */
export interface RegisteredRoute {
  method: string | string[];
  url: string;
}

/**
 * Every route of the authenticated API under `/v2` as registered, the 405 answers of unserved methods included;
 * for checking the OpenAPI description against what is served. Builds a server that never listens.
 */
export async function registeredApiRoutes(): Promise<RegisteredRoute[]> {
  const routes: RegisteredRoute[] = [];
  const app = buildServer(createContext(resolveOptions(), new AbortController().signal, COLLECTIONS), [], ({ method, url }) => {
    routes.push({ method, url });
  });
  await app.ready();
  await app.close();
  return routes;
}

function buildServer(context: EmulatorContext, requests: RecordedRequest[], onApiRoute?: (route: RouteOptions) => void): FastifyInstance {
  const { faults, options } = context;
  const answered = new WeakMap<FastifyRequest, RecordedRequest>();
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // A URL that does not decode never reaches the hooks; answer it like every other error.
    frameworkErrors: (error, request, reply) => {
      requests.push({ method: request.method, path: pathOf(request.url), status: error.statusCode ?? 400 });
      new Problem(error.statusCode ?? 400, error.message).send(reply.header("x-request-id", request.id));
    },
  });

  app.addHook("onRequest", async (request, reply) => {
    const path = pathOf(request.url);
    const record: RecordedRequest = { method: request.method, path, status: 0 };
    requests.push(record);
    reply.header("x-request-id", request.id);
    reply.header("date", new Date(context.now()).toUTCString());
    if (faults.latencyMs > 0) await sleep(faults.latencyMs, undefined, { signal: context.shutdown });
    if (faults.takeDrop(request.method, path)) {
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    answered.set(request, record);
    const injected = faults.takeInjectedStatus(request.method, path);
    if (injected !== undefined) throw new Problem(injected, `Injected fault: this request answers ${injected}`);
    return undefined;
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const record = answered.get(request);
    if (record === undefined) return payload;
    if (faults.takeLostResponse(request.method, record.path)) {
      answered.delete(request);
      request.raw.socket.destroy();
    } else if (typeof payload === "string" && faults.takeTruncatedResponse(request.method, record.path)) {
      // Promise the whole body, send half of it, then hang up. Written by hand: Fastify would fix the length.
      reply.hijack();
      const headers = { ...reply.getHeaders(), "content-length": String(Buffer.byteLength(payload)) };
      reply.raw.writeHead(reply.statusCode, headers as Record<string, string>);
      reply.raw.write(payload.slice(0, Math.floor(payload.length / 2)), () => request.raw.socket.destroy());
      record.status = reply.statusCode;
      return payload;
    }
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    const record = answered.get(request);
    if (record !== undefined) record.status = reply.statusCode;
  });
  app.setErrorHandler((error: FastifyError | Problem, _request, reply) => {
    if (error instanceof Problem) return error.send(reply);
    const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    return new Problem(status, error.message).send(reply);
  });
  app.addHook("preValidation", refuseDeepBodies);
  app.setNotFoundHandler(routeNotFound);

  registerMetaRoutes(app);
  const apiKeys = new ApiKeys(options.apiKeys);
  const limiter = options.rateLimit === false ? null : new RateLimiter(options.rateLimit, options.clock);
  app.register(
    async (v2) => {
      if (onApiRoute !== undefined) v2.addHook("onRoute", onApiRoute);
      // Authentication, then rate limiting, then permission: a 403 is an answered request and counts.
      v2.addHook("onRequest", async (request, reply) => {
        const caller = apiKeys.authenticate(request.headers.authorization);
        rememberCaller(request, caller);
        const stormRetryAfter = faults.takeStorm();
        const decision =
          stormRetryAfter === undefined
            ? limiter?.take(caller.account)
            : { headers: limiter?.peek(caller.account), rejection: tooManyRequests("minute", stormRetryAfter) };
        const headers = faults.takeMalformedRateLimitHeaders() ? MALFORMED_RATE_LIMIT_HEADERS : decision?.headers;
        if (headers !== undefined) reply.headers(headers);
        if (decision?.rejection) throw decision.rejection;
        requirePermission(caller, request.method, pathOf(request.url));
      });
      v2.setNotFoundHandler(routeNotFound);
      for (const kind of KINDS as readonly EmulatorKind[]) {
        serveOperations(v2, context, kind.operations);
        kind.routes?.(v2, context);
      }
    },
    { prefix: "/v2" },
  );
  return app;
}

async function routeNotFound(request: FastifyRequest): Promise<never> {
  throw new Problem(404, `No route for ${request.method} ${pathOf(request.url)}`);
}
