import { z } from "zod";
import { parseQuery } from "../http/validation";

/** Bounds of `?wait=` in milliseconds, those of the reference's sync runs. */
export const WAIT_MS = { min: 1_000, max: 300_000, default: 90_000 } as const;

/** How long `runsync` waits for the job to finish. */
export const waitQuery = z.object({ wait: z.coerce.number().pipe(z.int().min(WAIT_MS.min).max(WAIT_MS.max)).optional() });

/** The `?wait=` of a sync operation, in milliseconds. */
export function waitOf(query: unknown): number {
  return parseQuery(waitQuery, query).wait ?? WAIT_MS.default;
}
