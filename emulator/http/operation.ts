import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import type { EmulatorContext } from "../context";
import { type OperationSpec, operationsOf, type Paths } from "./openapiBuilders";
import { type Method, serveMethods } from "./routing";

/**
 * One operation of the API, in one place: where it is served, what it does, and how the OpenAPI description tells
 * it. A resource lists its operations; the server serves them and the OpenAPI document describes them from the
 * same list, so the two cannot drift apart.
 */
export interface Operation {
  method: Method;
  /** Path under `/v2` in OpenAPI syntax, e.g. `/pods/{id}`. */
  path: string;
  /** Its OpenAPI operation; `operationId` names it. */
  spec: OperationSpec;
  /** Answers one request: the value sent as JSON, or the reply once it has been sent. */
  handle(context: EmulatorContext, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** Serves the operations; a path answers 405 with `Allow` to every method none of them serves. */
export function serveOperations(app: FastifyInstance, context: EmulatorContext, operations: readonly Operation[]): void {
  const byPath = new Map<string, Partial<Record<Method, RouteHandlerMethod>>>();
  for (const operation of operations) {
    const handlers = byPath.get(operation.path) ?? {};
    handlers[operation.method] = (request, reply) => operation.handle(context, request, reply);
    byPath.set(operation.path, handlers);
  }
  for (const [path, handlers] of byPath) serveMethods(app, path.replace(/\{(\w+)\}/g, ":$1"), handlers);
}

/** The OpenAPI paths of the operations, under one tag. */
export function pathsOf(tag: string, operations: readonly Operation[]): Paths {
  const describe = operationsOf(tag);
  const paths: Paths = {};
  for (const operation of operations) {
    const methods = (paths[`/v2${operation.path}`] ??= {});
    methods[operation.method.toLowerCase()] = describe(operation.spec);
  }
  return paths;
}
