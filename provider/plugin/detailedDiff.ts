import type { Properties } from "./properties";

/** What a change does to one property, as the engine's `PropertyDiff.Kind` names it. */
export type PropertyChange = "ADD" | "ADD_REPLACE" | "DELETE" | "DELETE_REPLACE" | "UPDATE" | "UPDATE_REPLACE";

/**
 * Each property a provider module's diff changes, with what the change does to it: added (no recorded value),
 * deleted (no new value) or updated, and the `_REPLACE` variant for the properties that replace the resource. It is
 * read off the diff itself, so the per-property answer cannot disagree with it.
 *
 * @param olds - the recorded outputs the engine sent
 * @param news - the checked arguments the engine sent
 * @param diff - the provider module's diff: the properties it changes in place, and those that replace the resource
 */
export function detailedDiff(
  olds: Properties,
  news: Properties,
  diff: { readonly updates: readonly string[]; readonly replaces?: readonly string[] },
): Record<string, PropertyChange> {
  const replaces = diff.replaces ?? [];
  return propertyChanges(
    olds,
    news,
    diff.updates.filter((name) => !replaces.includes(name)),
    replaces,
  );
}

/** The change of each property named in `updates` (in place) or `replaces`, by whether it had and has a value. */
export function propertyChanges(
  olds: Properties,
  news: Properties,
  updates: readonly string[],
  replaces: readonly string[],
): Record<string, PropertyChange> {
  const change = (name: string, replacing: boolean): [string, PropertyChange] => {
    const verb =
      olds[name] === undefined && news[name] !== undefined
        ? "ADD"
        : news[name] === undefined && olds[name] !== undefined
          ? "DELETE"
          : "UPDATE";
    return [name, replacing ? `${verb}_REPLACE` : verb];
  };
  return Object.fromEntries([...updates.map((name) => change(name, false)), ...replaces.map((name) => change(name, true))]);
}
