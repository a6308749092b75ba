import type { EngineEvent } from "@pulumi/pulumi/automation";
import { isUserResource, resourceIdentity } from "../automation/progress";
import { kinds } from "../provider/kindRegistry";
import { sameValue } from "../provider/values/sameValue";

/** One argument of a resource whose live value differs from the one the stack's state records. */
export interface DriftedField {
  /** The argument's path, such as `size` or `env.MODE`. */
  field: string;
  /** The value in the stack's state; absent when the state has none, and for a secret. */
  state?: unknown;
  /** The value the API reports now; absent when the API has none, and for a secret. */
  live?: unknown;
  /** The argument is a secret (a pod's `env`): it is named, its values never shown. */
  secret?: true;
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

/** A resource whose refresh found a change, and whose kind has secret arguments, which the engine's events mask. */
export interface SecretSuspect {
  urn: string;
  /** The kind, such as `Pod`. */
  type: string;
  id: string;
  /** The kind's secret arguments. */
  secrets: readonly string[];
}

/** The paths of `suspect`'s secret arguments whose live values differ from the state's, such as `env.MODE`. */
export type SecretDriftReader = (suspect: SecretSuspect) => Promise<string[]>;

/** Steps after a refresh that change a resource: in `preview --refresh`, where a refresh's outcome is not its op. */
const CHANGING_STEPS: readonly string[] = ["update", "replace"];

/**
 * Collects drift from the engine events of a refresh (a preview-only one, or the refresh half of `preview --refresh`):
 * a resource's refresh starts with a `refresh` step and ends with its outputs event, which is a `delete` when the API
 * no longer has it, an `update` when the provider found a change (in a preview-only refresh), and otherwise carries
 * its arguments as the state records them and as the API reports them. Only arguments are compared, not outputs:
 * outputs such as a pod's uptime change on every read. The events show every secret as `[secret]`, so the secret
 * arguments of a resource found changed, or that the plan then changes, are compared by {@link readSecrets}.
 */
export function driftCollector(): {
  onEvent(event: EngineEvent): void;
  /** Names the changed keys of the secret arguments of the resources found changed, or that the plan changes. */
  readSecrets(read: SecretDriftReader): Promise<void>;
  drift(): DriftedResource[];
  checked(): number;
} {
  const reading = new Set<string>();
  const read = new Set<string>();
  const found = new Map<string, DriftedResource>();
  // The resources read whose kind has secret arguments, and those of them to compare.
  const withSecrets = new Map<string, SecretSuspect>();
  const suspects = new Set<string>();
  return {
    onEvent(event) {
      const started = event.resourcePreEvent?.metadata;
      if (started?.op === "refresh" && isUserResource(started.type)) reading.add(started.urn);
      else if (started !== undefined && CHANGING_STEPS.includes(started.op) && withSecrets.has(started.urn)) suspects.add(started.urn);
      const metadata = event.resOutputsEvent?.metadata;
      if (metadata === undefined || !reading.delete(metadata.urn)) return;
      read.add(metadata.urn);
      const identity = { ...resourceIdentity(metadata.type, metadata.urn), id: metadata.old?.id ?? "" };
      // A deleted resource's step has no new state: `null` in the engine's JSON.
      if (metadata.op === "delete" || !metadata.new) {
        found.set(metadata.urn, { ...identity, drift: "deleted", fields: [] });
        return;
      }
      const secrets = secretArguments(identity.type);
      if (secrets.length > 0) withSecrets.set(metadata.urn, { urn: metadata.urn, type: identity.type, id: identity.id, secrets });
      if (secrets.length > 0 && metadata.op === "update") suspects.add(metadata.urn);
      const fields = changedFields(without(metadata.old?.inputs ?? {}, secrets), without(metadata.new.inputs ?? {}, secrets));
      if (fields.length > 0) found.set(metadata.urn, { ...identity, drift: "changed", fields });
    },
    async readSecrets(readSecret) {
      for (const urn of suspects) {
        const suspect = withSecrets.get(urn)!;
        const paths = await readSecret(suspect);
        if (paths.length === 0) continue;
        const resource = found.get(urn) ?? { type: suspect.type, name: urn.slice(urn.lastIndexOf("::") + 2), id: suspect.id };
        const fields = [...(found.get(urn)?.fields ?? []), ...paths.map((field): DriftedField => ({ field, secret: true }))];
        found.set(urn, { ...resource, drift: "changed", fields: fields.sort((a, b) => a.field.localeCompare(b.field)) });
      }
      suspects.clear();
    },
    // Sorted by type, then name: the engine reports resources in whatever order their reads finish.
    drift: () => [...found.values()].sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name)),
    /** How many of the user's resources were read. */
    checked: () => read.size,
  };
}

/** The secret arguments of a kind by its type name (`Pod`), whose values the engine's events show as `[secret]`. */
export function secretArguments(type: string): readonly string[] {
  return Object.hasOwn(kinds, type) ? kinds[type as keyof typeof kinds].secretInputs : [];
}

function without(inputs: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(inputs).filter(([name]) => !names.includes(name)));
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

/**
 * `Pod trainer (pod-123): deleted outside the stack`, or one line per field: `Pod trainer disk: state 20, live 40`, and
 * for a secret `Pod trainer env.MODE: changed (secret)`.
 */
export function formatDrift(resource: DriftedResource): string[] {
  const label = `${resource.type} ${resource.name}`;
  if (resource.drift === "deleted") return [`${label} (${resource.id}): deleted outside the stack`];
  return resource.fields.map(({ field, state, live, secret }) =>
    secret ? `${label} ${field}: changed (secret)` : `${label} ${field}: state ${formatValue(state)}, live ${formatValue(live)}`,
  );
}

function formatValue(value: unknown): string {
  return value === undefined ? "(none)" : JSON.stringify(value);
}
