import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";

/** `/v2/clusters`, `/v2/clusters/{id}` and `/v2/clusters/{id}/pods`. */
export function registerClusterRoutes(app: FastifyInstance, context: EmulatorContext): void {
  void app;
  void context;
}
