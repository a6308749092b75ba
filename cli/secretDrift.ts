import type { StackDriver } from "../automation/driver";
import { configure } from "../provider/config";
import { type KindName, kinds } from "../provider/kindRegistry";
import { isSecretForm } from "../provider/plugin/secretSignature";
import { changedFields, type SecretDriftReader } from "./driftReport";

interface Recorded {
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
}

/**
 * Reads the secret arguments that the engine's events mask: each resource the collector suspects (found changed by
 * the refresh, or changed by the plan after it) is read again, in this process, through its kind's provider module
 * (configured from the stack config, as the engine configures it), and compared with the state, whose secrets are
 * decrypted here only. One read per such resource, none when there is none; nothing is written, and only the paths
 * leave this function, never a value.
 */
export function liveSecretReader(stack: StackDriver): SecretDriftReader {
  let recorded: Promise<Map<string, Recorded>> | undefined;
  const state = async (): Promise<Map<string, Recorded>> => {
    const config = await stack.config();
    await configure({ config: new Map(Object.entries(config).map(([key, { value }]) => [key, value])) } as never);
    const resources = ((await stack.stack.exportStack()).deployment?.resources ?? []) as Array<Recorded & { urn: string }>;
    return new Map(
      resources.map(({ urn, inputs, outputs }) => [urn, { inputs: revealed(inputs ?? {}), outputs: revealed(outputs ?? {}) }] as const),
    );
  };
  return async ({ urn, type, id, secrets }) => {
    const resource = (await (recorded ??= state())).get(urn);
    if (resource === undefined) return [];
    // A provider module hands inputs back only when the live resource differs from what state records.
    const { inputs } = await kinds[type as KindName].provider.read(id, resource.outputs as never);
    if (inputs === undefined) return [];
    const pick = (values: Record<string, unknown>) => Object.fromEntries(secrets.map((name) => [name, values[name]]));
    return changedFields(pick(resource.inputs), pick(inputs as Record<string, unknown>)).map(({ field }) => field);
  };
}

/** A checkpoint's properties as `pulumi stack export --show-secrets` writes them, every secret replaced by its value. */
function revealed<Value>(value: Value): Value {
  if (Array.isArray(value)) return value.map(revealed) as Value;
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  if (isSecretForm(record) && typeof record.plaintext === "string") return revealed(JSON.parse(record.plaintext));
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, revealed(item)])) as Value;
}
