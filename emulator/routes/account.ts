import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";

export function registerAccountRoutes(_app: FastifyInstance, _context: EmulatorContext): void {}
