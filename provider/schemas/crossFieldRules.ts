import { z } from "zod";
import { UNKNOWN } from "./unknown";

/** Reports one failure of a rule, at a path relative to the value the rule reads. */
export type Fail = (path: PropertyKey[], message: string) => void;

/**
 * A rule across several fields of one argument object (or items of one list): it reads them and calls `fail`
 * for each failure. A field of the wrong type can reach it (that field fails its own check too), so a rule must
 * not assume a shape where assuming it would throw.
 */
export type CrossFieldRule<T> = (value: T, fail: Fail) => void;

/** Thrown when a rule reads a value unknown until apply, and caught where the rule (or its part) started. */
const readUnknown = Symbol("read a value unknown until apply");

/**
 * The refinement of an arguments schema by rules across its fields, for `.check(...)`. Unlike a plain zod
 * refinement, every rule runs even when a field has the wrong type, so that all failures are reported at once.
 * And each is exact about values unknown at preview: a rule ends as soon as it reads one (it runs again at
 * apply), so every failure it reports was decided by known values alone and holds whatever the unknowns turn
 * out to be.
 */
export function crossFieldRules<T>(...rules: CrossFieldRule<T>[]): z.core.$ZodCheck<T> {
  return z.superRefine<T>(
    (value, ctx) => {
      const fail: Fail = (path, message) => ctx.addIssue({ code: "custom", path, message });
      for (const rule of rules) independently(() => rule(knownOnly(value), fail));
    },
    { when: () => true },
  );
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
export function independently(part: () => void): void {
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
export function eachRepeat<I>(items: readonly I[] | undefined, same: (a: I, b: I) => boolean, fail: (index: number, first: number) => void): void {
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
