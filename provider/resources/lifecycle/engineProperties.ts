import { PROPOSED_NAME } from "../autoName";

/** The property in which the engine hands every provider method its own serialized provider. */
const PROVIDER_PROPERTY = "__provider";

/**
 * A resource's own properties: what the engine passed, without the serialized provider it adds, nor a proposed
 * name that `resolveName` did not take (resources without auto-naming ignore it).
 */
export function ownProperties<T extends object>(props: T): T {
  const {
    [PROVIDER_PROPERTY]: _provider,
    [PROPOSED_NAME]: _proposed,
    ...own
  } = props as T & {
    [PROVIDER_PROPERTY]?: unknown;
    [PROPOSED_NAME]?: unknown;
  };
  return own as T;
}

/** Removes undefined values deeply: the engine's gRPC encoding rejects them. */
export function stripUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripUndefined) as T;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return Object.fromEntries(entries.map(([k, v]) => [k, stripUndefined(v)])) as T;
  }
  return value;
}

/**
 * An error that tells the engine the resource exists but did not initialise: Pulumi records it in state
 * with these properties, so nothing is orphaned, and reports it as needing attention. The engine adds its
 * serialized provider only to successful results, so it is carried over from `engineProps` here; without
 * it, a later refresh or destroy of the resource could not find its provider.
 */
export function initializationFailure(message: string, failed: { id: string; properties: object; engineProps: object }): Error {
  const provider = (failed.engineProps as Record<string, unknown>)[PROVIDER_PROPERTY];
  const properties = stripUndefined({ ...failed.properties, [PROVIDER_PROPERTY]: provider });
  // The engine prints the reasons of an initialisation failure, not its message.
  return Object.assign(new Error(message), { id: failed.id, properties, reasons: [message] });
}

/** The live resource without `id`, which Pulumi reserves, and without undefined values, which the engine rejects. */
export function withoutId<Live extends { id: string }>(live: Live): Omit<Live, "id"> {
  const { id: _id, ...rest } = live;
  return stripUndefined(rest);
}
