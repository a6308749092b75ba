import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import { crossFieldFailures } from "./crossFieldRules";
import { unknownAlong } from "../../values/unknown";

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
    if (unknownAlong(inputs, issue.path)) return [];
    // zod says of a missing value that it expected one and received undefined.
    const missing = issue.code === "invalid_type" && valueAt(inputs, issue.path) === undefined;
    return [{ property: propertyPath(issue.path), reason: missing ? "required" : issue.message }];
  });
  const ruleFailures = crossFieldFailures(schema, inputs).map(({ path, message }) => ({ property: propertyPath(path), reason: message }));
  return [...fieldFailures, ...ruleFailures];
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = root;
  for (const key of path) value = typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}
