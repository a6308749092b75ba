import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";

export function registerRegistryRoutes(_app: FastifyInstance, _context: EmulatorContext): void {}
