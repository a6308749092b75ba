import { durationMs } from "../../provider/resources/lifetime/duration";
import { UserError } from "../../provider/errors";

/** The stack config key of a stack's time to live. */
export const TTL_CONFIG_KEY = "computeplatform:ttl";

/** A stack's time to live, and when it runs out. */
export interface StackTtl {
  readonly ttl: string;
  /** Where it was set: the manifest's `ttl`, or the stack config. */
  readonly from: string;
  readonly expiresAt: number;
}

/**
 * When the stack expires: its TTL counted from its first update. Undefined without a TTL, or for a stack never
 * deployed. A TTL that is not a duration is refused, naming where it was set.
 */
export function stackTtl(ttl: string | undefined, from: string, firstUpdate: number | undefined): StackTtl | undefined {
  if (ttl === undefined || firstUpdate === undefined) return undefined;
  const ms = durationMs(ttl);
  if (ms === undefined)
    throw new UserError(`${from}: "${ttl}" is not a duration: a positive whole number followed by m, h or d, such as "90m", "8h" or "3d"`);
  return { ttl, from, expiresAt: firstUpdate + ms };
}
