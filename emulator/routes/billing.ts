import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";

export function registerBillingRoutes(_app: FastifyInstance, _context: EmulatorContext): void {}
