import type { StackOutcome } from "./expireStack";
import type { Verdict } from "./verdicts";

const HOURS_PER_DAY = 24;

/** One line a resource: what was done (or, in a dry run, would be), or is coming soon, or was left alone. */
export interface ReportedAction {
  stack: string;
  resource: string;
  id: string;
  action: "stop" | "terminate";
  /** The argument whose time came: `stopAfter`, `terminateAfter` or `whenIdle`. */
  because: string;
  /** When it came (or comes, for a warning), ISO 8601. */
  at: string;
  /** What the resource cost per hour, USD. */
  costPerHour: number;
  /** What ending it saves a day, USD. */
  savedPerDay: number;
  /** Why nothing was done though it is due. */
  leftAlone?: string;
}

/** The JSON document `expire --json` prints. */
export interface ExpireDocument {
  dryRun: boolean;
  /** What was (or would be) stopped or terminated. */
  due: ReportedAction[];
  /** What comes within `--warn-within`, soonest first. */
  soon: ReportedAction[];
  /** Stacks whose TTL ran out: destroyed, or in a dry run to be. */
  expiredStacks: Array<{ stack: string; ttl: string; expiredAt: string }>;
  /** Each stack's TTL, when it has one. */
  stackTtls: Array<{ stack: string; ttl: string; expiresAt: string }>;
}

/** Whether the run acted, or in a dry run would act: exit code 2. */
export function actsOn(document: ExpireDocument): boolean {
  return document.expiredStacks.length > 0 || document.due.some((action) => action.leftAlone === undefined);
}

export function expireDocument(outcomes: readonly StackOutcome[], dryRun: boolean): ExpireDocument {
  const line = (stack: string, verdict: Verdict, which: "due" | "soon"): ReportedAction[] => {
    const expiry = verdict[which];
    if (expiry === undefined) return [];
    return [
      {
        stack,
        resource: verdict.resource.resource,
        id: verdict.resource.id,
        action: expiry.action,
        because: expiry.because,
        at: new Date(expiry.at).toISOString(),
        costPerHour: verdict.hourlyCost,
        savedPerDay: round(verdict.hourlyCost * HOURS_PER_DAY),
        ...(which === "due" && verdict.leftAlone !== undefined ? { leftAlone: verdict.leftAlone } : {}),
      },
    ];
  };
  return {
    dryRun,
    due: outcomes.flatMap(({ stack, verdicts }) => verdicts.flatMap((verdict) => line(stack, verdict, "due"))),
    soon: outcomes
      .flatMap(({ stack, verdicts }) => verdicts.flatMap((verdict) => line(stack, verdict, "soon")))
      .sort((a, b) => a.at.localeCompare(b.at)),
    expiredStacks: outcomes.flatMap(({ stack, ttl, ttlExpired }) =>
      ttl !== undefined && ttlExpired ? [{ stack, ttl: ttl.ttl, expiredAt: new Date(ttl.expiresAt).toISOString() }] : [],
    ),
    stackTtls: outcomes.flatMap(({ stack, ttl }) =>
      ttl === undefined ? [] : [{ stack, ttl: ttl.ttl, expiresAt: new Date(ttl.expiresAt).toISOString() }],
    ),
  };
}

/** The document as lines for a person. */
export function formatExpire(document: ExpireDocument): string[] {
  const done = document.dryRun ? { stop: "would stop", terminate: "would terminate" } : { stop: "stopped", terminate: "terminated" };
  const lines = document.due.map((action) =>
    action.leftAlone !== undefined
      ? `stack ${action.stack}: left ${action.resource} (${action.id}) alone, due to ${action.action} at ${action.at} (${action.because}): ${action.leftAlone}`
      : `stack ${action.stack}: ${done[action.action]} ${action.resource} (${action.id}): ${action.because} came at ${action.at}; ` +
        `it cost $${action.costPerHour.toFixed(4)}/h, $${action.savedPerDay.toFixed(2)} a day saved`,
  );
  for (const action of document.soon)
    lines.push(`stack ${action.stack}: ${action.resource} (${action.id}) will ${action.action} at ${action.at} (${action.because})`);
  for (const stack of document.expiredStacks)
    lines.push(
      `stack ${stack.stack}: ${document.dryRun ? "would be destroyed" : "destroyed"}: its ttl of ${stack.ttl} ran out at ${stack.expiredAt}`,
    );
  if (lines.length === 0)
    lines.push(`Nothing to expire.${document.stackTtls.map((ttl) => ` Stack ${ttl.stack} expires at ${ttl.expiresAt}.`).join("")}`);
  const saved = document.due.filter((action) => action.leftAlone === undefined).reduce((sum, action) => sum + action.savedPerDay, 0);
  if (saved > 0) lines.push(`${document.dryRun ? "Would save" : "Saves"} $${saved.toFixed(2)} a day.`);
  return lines;
}

function round(usd: number): number {
  return Math.round(usd * 100) / 100;
}
