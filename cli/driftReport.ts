import type { EngineEvent } from "@pulumi/pulumi/automation";
import { isUserResource, resourceIdentity } from "../automation/progress";
import { sameValue } from "../provider/resources/lifecycle/sameValue";

/** One argument of a resource whose live value differs from the one the stack's state records. */
export interface DriftedField {
  /** The argument's path, such as `size` or `env.MODE`. */
  field: string;
  /** The value in the stack's state; absent when the state has none. Secrets read `[secret]`. */
  state?: unknown;
  /** The value the API reports now; absent when the API has none. Secrets read `[secret]`. */
  live?: unknown;
}

/** A resource changed outside the stack: deleted, or with arguments that differ from the state. */
export interface DriftedResource {
  /** The resource type, such as `Pod`. */
  type: string;
  /** The resource's logical name in the manifest. */
  name: string;
  /** The provider id recorded in the state. */
  id: string;
  /** `deleted`: the API no longer has it; `changed`: the fields below differ. */
  drift: "deleted" | "changed";
  /** Empty for a deleted resource. */
  fields: DriftedField[];
}

/**
 * Collects drift from the engine events of a refresh (a preview-only one, or the refresh half of `preview --refresh`):
 * a resource's refresh starts with a `refresh` step and ends with its outputs event, which is a `delete` when the API
 * no longer has it and otherwise carries its arguments as the state records them and as the API reports them. Only
 * arguments are compared, not outputs: outputs such as a pod's uptime change on every read.
 */
export function driftCollector(): { onEvent(event: EngineEvent): void; drift(): DriftedResource[]; checked(): number } {
  const reading = new Set<string>();
  const read = new Set<string>();
  const found: DriftedResource[] = [];
  return {
    onEvent(event) {
      const started = event.resourcePreEvent?.metadata;
      if (started?.op === "refresh" && isUserResource(started.type)) reading.add(started.urn);
      const metadata = event.resOutputsEvent?.metadata;
      if (metadata === undefined || !reading.delete(metadata.urn)) return;
      read.add(metadata.urn);
      const identity = { ...resourceIdentity(metadata.type, metadata.urn), id: metadata.old?.id ?? "" };
      // A deleted resource's step has no new state: `null` in the engine's JSON.
      if (metadata.op === "delete" || !metadata.new) found.push({ ...identity, drift: "deleted", fields: [] });
      else {
        const fields = changedFields(metadata.old?.inputs ?? {}, metadata.new.inputs ?? {});
        if (fields.length > 0) found.push({ ...identity, drift: "changed", fields });
      }
    },
    // Sorted by type, then name: the engine reports resources in whatever order their reads finish.
    drift: () => [...found].sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name)),
    /** How many of the user's resources were read. */
    checked: () => read.size,
  };
}

/** The leaf paths at which two argument objects differ, sorted; records are compared key by key, arrays as a whole. */
export function changedFields(state: Record<string, unknown>, live: Record<string, unknown>, prefix = ""): DriftedField[] {
  const keys = [...new Set([...Object.keys(state), ...Object.keys(live)])].filter((key) => key !== "__provider").sort();
  return keys.flatMap((key) => {
    const field = `${prefix}${key}`;
    const [before, after] = [state[key], live[key]];
    if (sameValue(before, after)) return [];
    if (isRecord(before) && isRecord(after)) return changedFields(before, after, `${field}.`);
    return [{ field, ...(before === undefined ? {} : { state: before }), ...(after === undefined ? {} : { live: after }) }];
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `Pod trainer (pod-123): deleted outside the stack`, or one line per field: `Pod trainer env.MODE: "a" → "b"`. */
export function formatDrift(resource: DriftedResource): string[] {
  const label = `${resource.type} ${resource.name}`;
  if (resource.drift === "deleted") return [`${label} (${resource.id}): deleted outside the stack`];
  return resource.fields.map(({ field, state, live }) => `${label} ${field}: state ${formatValue(state)}, live ${formatValue(live)}`);
}

function formatValue(value: unknown): string {
  return value === undefined ? "(none)" : JSON.stringify(value);
}
