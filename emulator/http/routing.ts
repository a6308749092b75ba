import type { FastifyInstance, FastifyRequest, HTTPMethods, RouteHandlerMethod } from "fastify";
import { Problem } from "./problem";

/** A method the API serves. */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Serves the given methods on a path; every other method answers 405 with an Allow header. */
export function serveMethods(app: FastifyInstance, url: string, handlers: Partial<Record<Method, RouteHandlerMethod>>): void {
  const served = METHODS.filter((method) => handlers[method] !== undefined);
  for (const method of served) {
    const handler = handlers[method];
    if (handler !== undefined) app.route({ method, url, handler });
  }
  const allow = [...served, ...(served.includes("GET") ? ["HEAD"] : [])].join(", ");
  const refused: HTTPMethods[] = [...METHODS.filter((method) => !served.includes(method)), "OPTIONS"];
  if (!served.includes("GET")) refused.push("HEAD");
  app.route({
    method: refused,
    url,
    handler: async (request) => {
      throw new Problem(405, `${request.method} is not allowed on ${pathOf(request.url)}`, undefined, { allow });
    },
  });
}

/** The `{id}` path parameter, already URL-decoded. */
export function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/** The request path without its query string. */
export function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}
