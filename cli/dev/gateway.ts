import * as fs from "node:fs";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { ApiError, type ComputePlatformClient, NotFoundError } from "../../provider/client";
import type { LoadBalancingRequest } from "../../provider/client/loadBalancing";
import type { LiveDeployer } from "./deployer";
import { type DevEndpoint, mainRoute } from "./endpoints";
import type { LiveResource } from "./liveValues";
import { type Binding, foreignCaller } from "./ownOrigin";
import { carriesToken, carriesTokenCookie, sameToken, tokenCookie } from "./remoteAccess";
import { pathEscape } from "../../provider/client/pathEscape";
import type { SecretMask } from "./secretMask";
import { swaggerUiFile, swaggerUiPage } from "./swaggerUi";
import { ComputePlatformError } from "../../provider/errors";

/** What the gateway serves, read on every request so that reloads take effect at once. */
export interface GatewayContext {
  endpoints(): readonly DevEndpoint[];
  /** The OpenAPI document `/docs` shows. */
  openApi(): object;
  deployer: LiveDeployer;
  client(): ComputePlatformClient;
  /** Where it is bound, without the port (read once it listens): which `Host` and `Origin` it answers. */
  binding: Omit<Binding, "port">;
  /**
   * When set, every request must carry it: as its bearer token, or in the cookie that `GET /docs?token=<token>`
   * sets for the explorer page.
   */
  token?: string;
  log(line: string): void;
}

/** A failure of the gateway itself, answered as a problem object. */
class GatewayProblem extends ComputePlatformError {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
  ) {
    super(detail);
  }
}

const QUEUE_ROUTES = ["POST runsync", "POST run", "GET status/{jobId}"];
const LOAD_BALANCED_METHODS: ReadonlyArray<string> = ["GET", "POST", "PUT", "PATCH", "DELETE"] satisfies ReadonlyArray<
  LoadBalancingRequest["method"]
>;

/**
 * The local gateway: `GET /` lists the endpoints and their state, `/docs` is the API explorer, and
 * `/{name}/...` reaches the `live-` endpoint deployed for the manifest's resource `name` (deploying it first when
 * needed): the job API for a queue-based endpoint, the endpoint's `base` URL as it is for a load-balanced one.
 */
export function buildGateway(context: GatewayContext): FastifyInstance {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const started = new WeakMap<FastifyRequest, number>();
  // Why the gateway itself answered an error (a refusal, a failed deployment): logged with the request.
  const refusals = new WeakMap<FastifyRequest, string>();
  // Bodies reach the routes as they came: a load-balanced route passes them on without reading them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.addHook("onRequest", async (request, reply) => {
    started.set(request, performance.now());
    const port = (app.server.address() as AddressInfo).port;
    const path = request.url.split("?")[0]!;
    const foreign = foreignCaller(request.headers, { method: request.method, path }, { ...context.binding, port });
    if (foreign !== undefined) throw new GatewayProblem(403, "Forbidden", foreign);
    const { token } = context;
    if (
      token === undefined ||
      carriesToken(request.headers.authorization, token) ||
      carriesTokenCookie(request.headers.cookie, port, token)
    )
      return;
    // The explorer's link hands the token over once; the cookie carries it from then on, and it leaves the address bar.
    const offered = request.method === "GET" && path === "/docs" ? new URLSearchParams(request.url.slice(path.length)).get("token") : null;
    if (offered !== null && sameToken(offered, token))
      return reply.code(303).header("set-cookie", tokenCookie(port, token)).header("location", "/docs").send();
    throw new GatewayProblem(
      401,
      "Unauthorized",
      "this gateway requires a token: send the one it printed at startup as `Authorization: Bearer <token>`",
    );
  });
  app.addHook("onResponse", async (request, reply) => {
    const ms = Math.round(performance.now() - (started.get(request) ?? performance.now()));
    const refusal = refusals.get(request);
    context.log(
      `${request.method} ${request.url.replace(/([?&]token=)[^&]*/g, "$1<redacted>")} ${reply.statusCode} (${ms} ms)${refusal === undefined ? "" : `: ${refusal}`}`,
    );
  });
  // A platform error may quote a secret of stack config it was sent: what the gateway shows of one is masked.
  const { mask } = context.deployer;
  const answerError = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (error instanceof GatewayProblem) refusals.set(request, mask.text(error.message));
    return sendError(reply, error, mask);
  };
  app.setErrorHandler(async (error, request, reply) => answerError(request, reply, error));
  app.setNotFoundHandler(async (request, reply) =>
    answerError(
      request,
      reply,
      new GatewayProblem(404, "Not Found", `no route ${request.method} ${request.url.split("?")[0]}; GET / lists the endpoints`),
    ),
  );

  app.get("/", async () => ({
    status: "ok",
    endpoints: context.endpoints().map((endpoint) => {
      const failure = context.deployer.failure(endpoint.name);
      return {
        name: endpoint.name,
        type: endpoint.type,
        route: mainRoute(endpoint),
        ...(endpoint.summary === undefined ? {} : { summary: endpoint.summary }),
        state: context.deployer.state(endpoint.name),
        ...(failure === undefined ? {} : { error: failure }),
      };
    }),
  }));
  app.get("/docs", async (_request, reply) => reply.type("text/html; charset=utf-8").send(swaggerUiPage("/docs/openapi.json")));
  app.get("/docs/openapi.json", async () => context.openApi());
  app.get<{ Params: { file: string } }>("/docs/:file", async (request, reply) => {
    const file = swaggerUiFile(request.params.file);
    if (file === undefined) throw new GatewayProblem(404, "Not Found", `no file /docs/${request.params.file}`);
    return reply.type(file.contentType).send(fs.createReadStream(file.path));
  });

  const route = async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const { name } = request.params;
    // As it came on the wire: what is passed on is what was checked, decoded by no one on the way.
    const path = request.url.split("?")[0]!;
    const rest = path.split("/").slice(2).join("/");
    const escape = pathEscape(rest);
    if (escape !== undefined) {
      throw new GatewayProblem(
        400,
        "Bad Request",
        `the path ${path} has ${escape}, which could reach beyond the endpoint "${name}": it is not passed on`,
      );
    }
    const endpoint = context.endpoints().find((candidate) => candidate.name === name);
    if (endpoint === undefined) {
      const names = context.endpoints().map((candidate) => candidate.name);
      throw new GatewayProblem(
        404,
        "Not Found",
        `the manifest has no serverless endpoint "${name}"; it has ${names.length > 0 ? names.join(", ") : "none"}`,
      );
    }
    return endpoint.type === "QUEUE"
      ? queueRoute(context, endpoint, request, rest, reply)
      : loadBalancedRoute(context, endpoint, request, rest, reply);
  };
  app.all("/:name", route);
  app.all("/:name/*", route);
  return app;
}

async function queueRoute(context: GatewayContext, { name }: DevEndpoint, request: FastifyRequest, rest: string, reply: FastifyReply) {
  const jobs = context.client().jobs;
  const status = /^status\/([^/]+)$/.exec(rest);
  if (request.method === "POST" && (rest === "runsync" || rest === "run")) {
    const contentType = request.headers["content-type"];
    if (contentType?.split(";")[0]!.trim().toLowerCase() !== "application/json") {
      throw new GatewayProblem(
        415,
        "Unsupported Media Type",
        `POST /${name}/${rest} takes Content-Type application/json, not ${contentType === undefined ? "none" : `"${contentType}"`}`,
      );
    }
    const input = jobInput(request.body);
    const job = await onLiveEndpoint(context, name, (live) => (rest === "run" ? jobs.run(live.id, input) : jobs.runsync(live.id, input)));
    // The job API answers a FAILED sync job under 400, with the job itself.
    return reply.code(rest === "runsync" && job.status === "FAILED" ? 400 : 200).send(job);
  }
  if (request.method === "GET" && status)
    return onLiveEndpoint(context, name, (live) => jobs.status(live.id, decodeURIComponent(status[1]!)));
  const routes = QUEUE_ROUTES.map((route) => `${route.split(" ")[0]} /${name}/${route.split(" ")[1]}`).join(", ");
  throw new GatewayProblem(404, "Not Found", `"${name}" is a queue-based endpoint: it answers ${routes}`);
}

async function loadBalancedRoute(
  context: GatewayContext,
  { name }: DevEndpoint,
  request: FastifyRequest,
  rest: string,
  reply: FastifyReply,
) {
  if (!LOAD_BALANCED_METHODS.includes(request.method)) {
    throw new GatewayProblem(
      405,
      "Method Not Allowed",
      `"${name}" is a load-balanced endpoint: it passes on ${LOAD_BALANCED_METHODS.join(", ")}`,
    );
  }
  const query = new URLSearchParams(request.url.split("?")[1] ?? "");
  const contentType = request.headers["content-type"];
  const body = request.body instanceof Buffer && request.body.length > 0 ? request.body.toString("utf8") : undefined;
  const forwarded: LoadBalancingRequest = {
    method: request.method as LoadBalancingRequest["method"],
    path: `/${rest}`,
    ...(query.size > 0 ? { query: Object.fromEntries(query) } : {}),
    ...(body === undefined ? {} : { body: contentType !== undefined && /[/+]json\b/.test(contentType) ? parseJson(body) : body }),
  };
  const answer = await onLiveEndpoint(
    context,
    name,
    (live) => {
      const base = (live.outputs.requestUrls as Record<string, string> | undefined)?.base;
      if (base === undefined) throw new GatewayProblem(502, "Bad Gateway", `the live endpoint of "${name}" advertises no base URL`);
      return context.client().loadBalancing.request(base, forwarded);
    },
    // A worker's answers are returned, not thrown: a 404 problem may be the platform's for an endpoint that is gone.
    (answer) => answer.status === 404 && /problem\+json/.test(answer.headers["content-type"] ?? ""),
  );
  reply.code(answer.status);
  if (answer.headers["content-type"] !== undefined) reply.type(answer.headers["content-type"]);
  return reply.send(typeof answer.body === "object" && answer.body !== null ? JSON.stringify(answer.body) : answer.body);
}

/**
 * Runs `call` on the live endpoint for `name`, deploying it first when needed. A 404 from the platform may mean the
 * endpoint was deleted elsewhere: it is read back, and when it is gone it is deployed again and `call` runs once more.
 */
async function onLiveEndpoint<T>(
  context: GatewayContext,
  name: string,
  call: (live: LiveResource) => Promise<T>,
  notFound: (result: T) => boolean = () => false,
): Promise<T> {
  const live = await deployed(name, () => context.deployer.ensure(name));
  let first: T;
  try {
    first = await call(live);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    const again = await deployed(name, () => context.deployer.recheck(name));
    if (again.id === live.id) throw error;
    return call(again);
  }
  if (!notFound(first)) return first;
  const again = await deployed(name, () => context.deployer.recheck(name));
  return again.id === live.id ? first : call(again);
}

/** The deployment, its failures as the platform's problem when the platform refused it, else as a 502. */
async function deployed(name: string, deploy: () => Promise<LiveResource>): Promise<LiveResource> {
  try {
    return await deploy();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new GatewayProblem(502, "Bad Gateway", `could not deploy "${name}": ${(error as Error).message}`);
  }
}

function jobInput(body: unknown): Record<string, unknown> {
  const parsed = body instanceof Buffer && body.length > 0 ? parseJson(body.toString("utf8")) : undefined;
  const input = (parsed as { input?: unknown } | undefined)?.input;
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    Array.isArray(parsed) ||
    typeof input !== "object" ||
    input === null ||
    Array.isArray(input)
  ) {
    throw new GatewayProblem(400, "Bad Request", 'input: the body must be a JSON object {"input": {...}}');
  }
  return input as Record<string, unknown>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new GatewayProblem(400, "Bad Request", `the body is not valid JSON: ${(error as Error).message}`);
  }
}

/** Answers an error as a problem object, its secrets masked: the platform's as it answered, the gateway's own otherwise. */
function sendError(reply: FastifyReply, error: unknown, mask: SecretMask): FastifyReply {
  const problem =
    error instanceof ApiError
      ? { title: error.title, status: error.status, detail: error.detail, ...(error.errors.length > 0 ? { errors: error.errors } : {}) }
      : error instanceof GatewayProblem
        ? { title: error.title, status: error.status, detail: error.message }
        : { title: "Bad Gateway", status: 502, detail: (error as Error).message };
  if (problem.status === 401 && !(error instanceof ApiError)) reply.header("www-authenticate", 'Bearer realm="computeplatform dev"');
  return reply
    .code(problem.status)
    .type("application/problem+json")
    .send(JSON.stringify(mask.value(problem)));
}
