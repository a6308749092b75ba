import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";

export function registerTemplateRoutes(_app: FastifyInstance, _context: EmulatorContext): void {}
