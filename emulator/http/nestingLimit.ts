import type { FastifyRequest } from "fastify";
import { Problem } from "./problem";

/** The deepest a request body's arrays and objects may nest; a body deeper than this answers 400. */
export const MAX_BODY_DEPTH = 100;

/**
 * A `preValidation` hook: 400 when the parsed body nests arrays and objects deeper than {@link MAX_BODY_DEPTH}.
 * Parsing such a body succeeds, but every recursive walk after it (validation, cloning a job's input, serializing
 * its output) would overflow the stack and answer 500.
 */
export async function refuseDeepBodies(request: FastifyRequest): Promise<void> {
  if (depthExceeds(request.body, MAX_BODY_DEPTH)) {
    throw new Problem(400, `Request body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep`);
  }
}

/** Whether `value` nests deeper than `limit`, walked without recursion so that the check itself cannot overflow. */
function depthExceeds(value: unknown, limit: number): boolean {
  const pending: Array<[value: unknown, depth: number]> = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current !== "object") continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}
