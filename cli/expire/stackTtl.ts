import type { StackDriver } from "../../automation/driver";
import { durationMs } from "../../provider/resources/lifetime/duration";
import { UserError } from "../../provider/errors";

/** The stack config key of a stack's time to live. */
export const TTL_CONFIG_KEY = "computeplatform:ttl";

/** A stack's time to live, and when it runs out. */
export interface StackTtl {
  readonly ttl: string;
  /** Where it was set: the manifest's `ttl`, or the stack config. */
  readonly from: string;
  /** When it runs out; undefined for a stack never deployed, whose TTL counts from its first update. */
  readonly expiresAt?: number;
}

/**
 * The stack's TTL: the manifest's `ttl`, or else stack config `computeplatform:ttl`, counted from the stack's first
 * update. Undefined without a TTL. A TTL that is not a duration is refused, naming where it was set.
 *
 * @param stack - the stack, whose history gives its first update
 * @param manifestTtl - the manifest's `ttl`, when the stack deploys a manifest that sets one
 * @param config - the stack's config
 */
export async function stackTtl(
  stack: StackDriver,
  manifestTtl: string | undefined,
  config: Readonly<Record<string, { value: string }>>,
): Promise<StackTtl | undefined> {
  const ttl = manifestTtl ?? config[TTL_CONFIG_KEY]?.value;
  if (ttl === undefined) return undefined;
  const from = manifestTtl !== undefined ? "the manifest's ttl" : `stack config ${TTL_CONFIG_KEY}`;
  const ms = durationMs(ttl);
  if (ms === undefined)
    throw new UserError(`${from}: "${ttl}" is not a duration: a positive whole number followed by m, h or d, such as "90m", "8h" or "3d"`);
  const first = await firstUpdate(stack);
  return { ttl, from, ...(first === undefined ? {} : { expiresAt: first + ms }) };
}

/** What `preview` says of a stack's TTL. */
export function ttlNotice(stackName: string, ttl: StackTtl): string {
  const destroys = "when `computeplatform expire` destroys it";
  return ttl.expiresAt === undefined
    ? `Stack ${stackName} expires ${ttl.ttl} after its first deployment (${ttl.from}), ${destroys}.`
    : `Stack ${stackName} expires at ${new Date(ttl.expiresAt).toISOString()} (${ttl.from} of ${ttl.ttl}), ${destroys}.`;
}

/** When the stack was first deployed: the start of its oldest update. */
async function firstUpdate(stack: StackDriver): Promise<number | undefined> {
  const history = await stack.stack.history();
  const oldest = history.at(-1);
  return oldest === undefined ? undefined : new Date(oldest.startTime).getTime();
}
