import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";

/** `/v2/serverless/{id}/workers`, its worker logs and `/v2/serverless/{id}/releases`. */
export function registerServerlessWorkerRoutes(app: FastifyInstance, context: EmulatorContext): void {
  void app;
  void context;
}
