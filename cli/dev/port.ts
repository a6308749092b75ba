import type { FastifyInstance } from "fastify";
import { UserError } from "../../provider/errors";

/** How many ports after the requested one are tried before giving up. */
export const PORTS_TRIED = 20;

/**
 * Starts `app` on `port`, or on the next free port when it is busy, and resolves to the port it listens on.
 * Fails with a message naming the range when none of {@link PORTS_TRIED} ports is free.
 */
export async function listenOnFreePort(app: FastifyInstance, host: string, port: number): Promise<number> {
  const last = Math.min(port + PORTS_TRIED - 1, 65535);
  for (let candidate = port; candidate <= last; candidate++) {
    try {
      await app.listen({ host, port: candidate });
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    }
  }
  throw new UserError(`ports ${port} to ${last} on ${host} are all in use; choose another with --port`);
}
