import { z } from "zod";
import { UNKNOWN } from "../../values/unknown";

/** Reports one failure of a rule, at a path relative to the value the rule reads. */
export type Fail = (path: PropertyKey[], message: string) => void;

/**
 * A rule across several fields of one argument object: it reads the arguments as given and calls `fail` for each
 * failure. A field of the wrong type can reach it (that field fails its own check too), so a rule must not assume
 * a shape where assuming it would throw.
 */
export type CrossFieldRule<T> = (value: T, fail: Fail) => void;

/** Thrown when a rule reads a value unknown until apply, and caught where the rule (or its part) started. */
const readUnknown = Symbol("read a value unknown until apply");

/** The rules of each arguments schema, kept beside it in a zod registry. */
const rulesOfSchemas = z.registry<{ rules: readonly CrossFieldRule<never>[] }>();

/**
 * Gives an arguments schema its rules across fields, which `crossFieldFailures` applies. They are not a zod
 * refinement: zod skips refinements once a field is not even of its type (a non-integer, say), and these rules must
 * run beside every field failure, so that all failures are reported at once and an unknown value in one field
 * does not hide a rule that holds whatever it turns out to be.
 */
export function withCrossFieldRules<S extends z.ZodType>(schema: S, ...rules: CrossFieldRule<z.input<S>>[]): S {
  rulesOfSchemas.add(schema, { rules: rules as readonly CrossFieldRule<never>[] });
  return schema;
}

/**
 * The failures of the rules across fields of `schema` on `value`, each with its path. Each rule is exact about
 * values unknown at preview: it ends as soon as it reads one (it runs again at apply), so every failure it reports
 * was decided by known values alone and holds whatever the unknowns turn out to be.
 */
export function crossFieldFailures(schema: z.ZodType, value: unknown): Array<{ path: PropertyKey[]; message: string }> {
  const failures: Array<{ path: PropertyKey[]; message: string }> = [];
  const fail: Fail = (path, message) => failures.push({ path, message });
  for (const rule of rulesOfSchemas.get(schema)?.rules ?? []) independently(() => rule(knownOnly(value) as never, fail));
  return failures;
}

/** The rule that exactly one of two alternative fields is set, as `gpu` and `cpu` are. */
export function exactlyOneOf<K extends string>(first: K, second: K): CrossFieldRule<Partial<Record<K, unknown>>> {
  return (args, fail) => {
    if ((args[first] === undefined) === (args[second] === undefined)) {
      fail([args[first] === undefined ? first : second], `exactly one of ${first} and ${second} is required`);
    }
  };
}

/**
 * Runs a rule, or a part of one that stands on its own (one item of a list, say), so that reading an unknown
 * value ends only that part.
 */
function independently(part: () => void): void {
  try {
    part();
  } catch (error) {
    if (error !== readUnknown) throw error;
  }
}

/**
 * Fails each item of `items` that repeats an earlier one, with the index of the first it repeats. Each item is a
 * part of its own, and the earlier items are read in order, so an unknown item holds back only the verdicts it
 * could change.
 */
export function eachRepeat<I>(
  items: readonly I[] | undefined,
  same: (a: I, b: I) => boolean,
  fail: (index: number, first: number) => void,
): void {
  if (!Array.isArray(items)) return;
  for (let index = 1; index < items.length; index++) {
    independently(() => {
      const item = items[index]!;
      for (let first = 0; first < index; first++) {
        if (same(items[first]!, item)) return fail(index, first);
      }
    });
  }
}

/** True for an object that is not a list: a field of the wrong type fails its own check, and rules skip it. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `value` as a rule reads it: reading a value unknown until apply, or asking whether it is there, ends the rule. */
function knownOnly<T>(value: T): T {
  if (value === UNKNOWN) throw readUnknown;
  if (typeof value !== "object" || value === null) return value;
  return new Proxy(value, {
    get: (target, key) => knownOnly(Reflect.get(target, key)),
    has: (target, key) => {
      if (Reflect.get(target, key) === UNKNOWN) throw readUnknown;
      return Reflect.has(target, key);
    },
    ownKeys: (target) => {
      if (Object.values(target).includes(UNKNOWN)) throw readUnknown;
      return Reflect.ownKeys(target);
    },
  });
}
