import type { EngineEvent, OpMap, OpType, StepEventMetadata } from "@pulumi/pulumi/automation";
import { isUserResource, resourceIdentity } from "../automation/progress";
import { COST_OUTPUTS } from "../provider/cost/costEstimate";
import { sameValue } from "../provider/values/sameValue";

/** The operations a plan lists; the engine's other steps (same, read, refresh, the halves of a replace) are not. */
export const plannedOperations = ["create", "update", "replace", "delete"] as const;
export type PlannedOperation = (typeof plannedOperations)[number];

/** One resource the engine would change, and the properties that cause it. */
export interface PlannedChange {
  op: PlannedOperation;
  /** The resource type, such as `Pod`. */
  type: string;
  /** The resource's logical name in the manifest. */
  name: string;
  /** For a replace, the properties that force it; for an update, the properties that differ. Empty otherwise. */
  fields: string[];
}

/** The changes a preview (or an update) reports, and how many resources stay as they are. */
export interface Plan {
  changes: PlannedChange[];
  unchanged: number;
}

const symbols: Record<PlannedOperation, string> = { create: "+", update: "~", replace: "+-", delete: "-" };

/**
 * Collects a {@link Plan} from the engine events of one operation, and turns the engine's counts into counts of
 * the user's resources (without the stack's own step).
 */
export function planCollector(): { onEvent(event: EngineEvent): void; plan(): Plan; resourceCounts(engineCounts: OpMap): OpMap } {
  const changes: PlannedChange[] = [];
  let unchanged = 0;
  let stackOp: OpType | undefined;
  return {
    onEvent(event) {
      const metadata = event.resourcePreEvent?.metadata;
      if (metadata?.type === "pulumi:pulumi:Stack") stackOp = metadata.op;
      if (metadata === undefined || !isUserResource(metadata.type)) return;
      if (metadata.op === "same") unchanged += 1;
      const op = plannedOp(metadata.op);
      if (op === undefined) return;
      changes.push({ op, ...resourceIdentity(metadata.type, metadata.urn), fields: causes(op, metadata) });
    },
    // Sorted by name, then operation: the engine reports resources in whatever order they finish planning.
    plan: () => ({ changes: [...changes].sort((a, b) => a.name.localeCompare(b.name) || a.op.localeCompare(b.op)), unchanged }),
    resourceCounts(engineCounts) {
      const counts: OpMap = { ...engineCounts };
      const count = stackOp === undefined ? undefined : counts[stackOp];
      if (stackOp !== undefined && count !== undefined) {
        if (count > 1) counts[stackOp] = count - 1;
        else delete counts[stackOp];
      }
      return counts;
    },
  };
}

function plannedOp(op: OpType): PlannedOperation | undefined {
  return (plannedOperations as readonly string[]).includes(op) ? (op as PlannedOperation) : undefined;
}

function causes(op: PlannedOperation, metadata: StepEventMetadata): string[] {
  if (op === "replace") return [...(metadata.keys ?? [])].sort();
  if (op !== "update") return [];
  // Dynamic providers report no changed keys for an update, so they are read off the inputs.
  return changedInputs(metadata.old?.inputs ?? {}, metadata.new?.inputs ?? {});
}

/**
 * Top-level inputs whose values differ, sorted. The serialized provider the engine adds is not an input, nor are the
 * cost outputs that `check` adds to the checked inputs: they change because an input did.
 */
export function changedInputs(olds: Record<string, unknown>, news: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(olds), ...Object.keys(news)]);
  for (const key of ["__provider", ...COST_OUTPUTS]) keys.delete(key);
  return [...keys].filter((key) => !sameValue(olds[key], news[key])).sort();
}

/** `+ create   Pod trainer`, `~ update   NetworkVolume data (size)`, one line per change. */
export function formatChange(change: PlannedChange): string {
  const fields = change.fields.length > 0 ? ` (${change.fields.join(", ")})` : "";
  return `${symbols[change.op].padEnd(2)} ${change.op.padEnd(8)} ${change.type} ${change.name}${fields}`;
}

/** `2 to create, 1 to replace; 3 unchanged`, or `no changes; 5 unchanged`. */
export function formatSummary(plan: Plan): string {
  const counts = plannedOperations
    .map((op) => [op, plan.changes.filter((change) => change.op === op).length] as const)
    .filter(([, count]) => count > 0)
    .map(([op, count]) => `${count} to ${op}`);
  return `${counts.length > 0 ? counts.join(", ") : "no changes"}; ${plan.unchanged} unchanged`;
}

const pastTense: ReadonlyArray<[OpType, string]> = [
  ["create", "created"],
  ["update", "updated"],
  ["replace", "replaced"],
  ["delete", "deleted"],
  ["same", "unchanged"],
];

/** What an operation did, from the engine's counts: `1 updated, 1 replaced, 2 unchanged`. */
export function formatCounts(counts: OpMap): string {
  const parts = pastTense.filter(([op]) => counts[op]).map(([op, done]) => `${counts[op]} ${done}`);
  return parts.length > 0 ? parts.join(", ") : "nothing to do";
}
