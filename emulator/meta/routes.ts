import type { FastifyInstance } from "fastify";
import { serveMethods } from "../http/routing";
import { renderDocs } from "./docsPage";
import { OPENAPI_DOCUMENT } from "./openapiDocument";

/** What needs no key: the health check, the OpenAPI description and the explorer built from it. */
export function registerMetaRoutes(app: FastifyInstance): void {
  const docs = renderDocs(OPENAPI_DOCUMENT);
  serveMethods(app, "/", {
    /** `GET /`: the health check, `{ status: "ok" }`. */
    GET: async () => ({ status: "ok" }),
  });
  serveMethods(app, "/v2/openapi.json", {
    /** `GET /v2/openapi.json`: the emulator's OpenAPI 3.1 description of what it serves. */
    GET: async () => OPENAPI_DOCUMENT,
  });
  serveMethods(app, "/docs", {
    /** `GET /docs`: the explorer, one HTML page of every operation with a "Try it" form. */
    GET: async (_request, reply) => reply.type("text/html; charset=utf-8").send(docs),
  });
}
