import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";

/** `/v2/serverless` and `/v2/serverless/{id}`. */
export function registerServerlessRoutes(app: FastifyInstance, context: EmulatorContext): void {
  void app;
  void context;
}
