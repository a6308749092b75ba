import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";

/** The job API: `/v2/{endpointId}/run`, `/runsync` and `/status/{jobId}`. */
export function registerJobRoutes(app: FastifyInstance, context: EmulatorContext): void {
  void app;
  void context;
}
