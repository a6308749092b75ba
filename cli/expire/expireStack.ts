import { apiSettingsOf, type StackDriver } from "../../automation/driver";
import { ComputePlatformClient } from "../../provider/client";
import { UserError } from "../../provider/errors";
import { durationMs } from "../../provider/resources/lifetime/duration";
import { enforce } from "./enforce";
import { resourcesWithLifetime, withOutputs } from "./stateLifetimes";
import { type StackTtl, stackTtl } from "./stackTtl";
import { verdicts, type Verdict } from "./verdicts";

/** How one run treats a stack. */
export interface ExpireRun {
  dryRun: boolean;
  /** Also list what ends within this many milliseconds. */
  warnWithinMs: number;
  /** The schedule's period (`--every`), when declared. */
  everyMs?: number;
  every?: string;
  /** The manifest's `ttl`, when the target is a manifest that sets one. */
  manifestTtl?: string;
}

/** What one run did, or would do, to one stack. */
export interface StackOutcome {
  stack: string;
  verdicts: Verdict[];
  ttl?: StackTtl & { expiresAt: number };
  /** Whether the stack's TTL has run out (and, unless a dry run, the stack was destroyed). */
  ttlExpired: boolean;
  /** The server's time the run judged by (ISO 8601); absent when nothing had a lifetime or a TTL. */
  now?: string;
}

/**
 * Expires one stack: reads its state, lists the account's pods once, cluster members included (none when nothing in
 * it has a lifetime and it has no TTL), samples and judges every pod and cluster with a lifetime by the server's
 * time, and, unless a dry run, stops or terminates what is due, records the result in the stack, and destroys a
 * stack whose TTL has run out.
 */
export async function expireStack(stack: StackDriver, run: ExpireRun): Promise<StackOutcome> {
  const state = await stack.exportState();
  const resources = resourcesWithLifetime(state);
  refuseShortIdle(
    resources.map(({ resource, record }) => ({ resource, idleFor: record.lifetime?.whenIdle?.for })),
    run,
  );
  const config = await stack.config();
  const found = await stackTtl(stack, run.manifestTtl, config);
  // A stack never deployed has nothing to expire.
  const ttl = found?.expiresAt === undefined ? undefined : { ...found, expiresAt: found.expiresAt };
  const outcome: StackOutcome = { stack: stack.stackName, verdicts: [], ...(ttl && { ttl }), ttlExpired: false };
  if (resources.length === 0 && ttl === undefined) return outcome;

  const client = new ComputePlatformClient(
    apiSettingsOf(
      config,
      {},
      "no API URL and key: set COMPUTEPLATFORM_API_URL and COMPUTEPLATFORM_API_KEY, or the stack config computeplatform:apiUrl and computeplatform:apiKey",
    ),
  );
  // One list, cluster members included: a cluster's GPUs are its members'.
  const pods = await client.pods.list({ includeClusterPods: true });
  const now = client.serverNow();
  outcome.now = new Date(now).toISOString();
  outcome.ttlExpired = ttl !== undefined && now >= ttl.expiresAt;
  // A stack past its TTL is destroyed whole: its resources' own lifetimes no longer matter.
  if (!outcome.ttlExpired) outcome.verdicts = verdicts(resources, pods, now, run.warnWithinMs);
  if (run.dryRun) return outcome;
  if (outcome.ttlExpired) {
    await stack.destroy();
    return outcome;
  }
  const recorded = await enforce(client, outcome.verdicts);
  if (recorded.size > 0) await stack.stack.importStack(withOutputs(state, recorded));
  return outcome;
}

/** Idleness is sampled once a run: an idle `for` shorter than two periods could not be told from one busy sample. */
function refuseShortIdle(pods: ReadonlyArray<{ resource: string; idleFor: string | undefined }>, run: ExpireRun): void {
  if (run.everyMs === undefined) return;
  for (const { resource, idleFor } of pods) {
    const ms = idleFor === undefined ? undefined : durationMs(idleFor);
    if (ms !== undefined && ms < 2 * run.everyMs)
      throw new UserError(
        `${resource}: lifetime.whenIdle.for "${idleFor}" is shorter than twice the schedule (--every ${run.every}): ` +
          "idleness is sampled once a run, so make it at least two periods, or run expire more often",
      );
  }
}
