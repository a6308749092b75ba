import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { callerOf } from "../http/auth";
import type { EmulatorContext } from "../context";
import { workersReadyAt } from "../serverless/workers";
import { healthCheckPath } from "./paths";
import { ownedEndpoint } from "../ownership";
import { Problem } from "../http/problem";
import { pathOf, serveMethods } from "../http/routing";

/**
 * `/v2/lb/{endpointId}/{path}`: a load-balancing endpoint's workers, each an echo server answering the method,
 * path, query and body it received. A GET of the health check path answers as a worker's ping: 204 while the
 * standing workers initialize, then 200. With no standing worker, one is started for each request at once.
 * Every method of `/v2/lb/{endpointId}` and `/v2/lb/{endpointId}/{path}` (getWorkerRoot ... deleteWorkerPath).
 * Errors: 400 for a queue-based endpoint; 403 when another account owns it; 404 when there is none.
 */
export function registerLoadBalancerRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.register(async (workers) => {
    // A worker reads any body: JSON is parsed, anything else is kept as text.
    workers.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
    const echo = async (request: FastifyRequest, reply: FastifyReply) => {
      const { endpointId } = request.params as { endpointId: string };
      const endpoint = ownedEndpoint(context.store, callerOf(request), endpointId);
      if (endpoint.type !== "LOAD_BALANCER") {
        throw new Problem(400, `Endpoint ${endpoint.id} is queue-based; send jobs to /v2/${endpoint.id}/run`);
      }
      // The worker sees the path after `/v2/lb/{endpointId}` as it was sent, still encoded.
      const path = `/${pathOf(request.url).split("/").slice(4).join("/")}`;
      if (request.method === "GET" && path === healthCheckPath(endpoint)) {
        const starting = context.now() < workersReadyAt(endpoint, context.options.timings);
        return starting ? reply.code(204).send() : { status: "healthy" };
      }
      return { method: request.method, path, query: request.query, body: request.body ?? null };
    };
    const methods = { GET: echo, POST: echo, PUT: echo, PATCH: echo, DELETE: echo };
    serveMethods(workers, "/lb/:endpointId", methods);
    serveMethods(workers, "/lb/:endpointId/*", methods);
  });
}
