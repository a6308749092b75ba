import type * as pulumi from "@pulumi/pulumi";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import { NotFoundError } from "../client/errors";
import { PROPOSED_NAME } from "./autoName";
import { crossFieldFailures } from "../schemas/crossFieldRules";
import { unknownAlong } from "../schemas/unknown";

export { containsUnknown, UNKNOWN } from "../schemas/unknown";

/** The property in which the engine hands every provider method its own serialized provider. */
const PROVIDER_PROPERTY = "__provider";

/**
 * A resource's own properties: what the engine passed, without the serialized provider it adds, nor a proposed
 * name that `resolveName` did not take (resources without auto-naming ignore it).
 */
export function ownProperties<T extends object>(props: T): T {
  const { [PROVIDER_PROPERTY]: _provider, [PROPOSED_NAME]: _proposed, ...own } = props as T & {
    [PROVIDER_PROPERTY]?: unknown;
    [PROPOSED_NAME]?: unknown;
  };
  return own as T;
}

/** Formats a validation path the way users write it: `mounts.network[0].path`. */
export function propertyPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    return text === "" ? String(key) : `${text}.${String(key)}`;
  }, "");
}

/**
 * Validates inputs against a resource's argument schema and names each failing property. At preview, a failure is
 * held back exactly when it depends on a value still unknown (it is checked again at apply): one about that value
 * or about a value that holds it. What is said of a list's length, of a key the arguments do not have, or of a value
 * that merely contains an unknown (an object where a string belongs) holds whatever the unknown turns out to be, and
 * rules across fields decide this for themselves (see `crossFieldFailures`).
 */
export function validate(schema: z.ZodType, inputs: unknown): dynamic.CheckFailure[] {
  const result = schema.safeParse(inputs);
  const fieldFailures = (result.error?.issues ?? []).flatMap((issue): dynamic.CheckFailure[] => {
    if (issue.code === "unrecognized_keys") {
      // An unknown value may turn out to be undefined, and the key then absent.
      const keys = issue.keys.filter((key) => !unknownAlong(inputs, [...issue.path, key]));
      return keys.map((key) => ({ property: propertyPath([...issue.path, key]), reason: "unknown property" }));
    }
    return unknownAlong(inputs, issue.path) ? [] : [{ property: propertyPath(issue.path), reason: issue.message }];
  });
  const ruleFailures = crossFieldFailures(schema, inputs).map(({ path, message }) => ({ property: propertyPath(path), reason: message }));
  return [...fieldFailures, ...ruleFailures];
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

/** Deep equality of JSON-like values, the comparison every diff uses. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (typeof a === "object" && typeof b === "object" && a !== null && b !== null && !Array.isArray(a) && !Array.isArray(b)) {
    const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    return keysA.length === keysB.length && keysA.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

/** Builds a `DiffResult` from the properties that change in place and those that force a replacement. */
export function diffResult(updates: readonly string[], replaces: readonly string[], deleteBeforeReplace = false): dynamic.DiffResult {
  return {
    changes: updates.length > 0 || replaces.length > 0,
    replaces: [...replaces],
    ...(deleteBeforeReplace && replaces.length > 0 ? { deleteBeforeReplace: true } : {}),
  };
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

/**
 * Refuses a replacement of an adopted resource while `adopt` still names it: the replacement would adopt
 * the very resource that the engine deletes right after, leaving the stack pointing at nothing.
 */
export function refuseReplacingAdopted(what: string, id: string, adopt: string | undefined, replaces: readonly string[]): void {
  if (adopt !== id || replaces.length === 0) return;
  throw new Error(
    `${what} ${id} was adopted and ${replaces.join(", ")} cannot change in place. Replacing it would delete the adopted ` +
      "resource and adopt it again; remove `adopt` from its arguments to let Pulumi create a new one and delete the old one.",
  );
}

/** Runs `action` and maps a 404 to `undefined`, for reads and deletes where "gone" is an answer. */
export async function unlessNotFound<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** Message text of any thrown value. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Resource options that also keep the named outputs secret in state, whatever the program passed. */
export function withSecretOutputs(opts: pulumi.CustomResourceOptions | undefined, ...names: string[]): pulumi.CustomResourceOptions {
  return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...names] };
}
