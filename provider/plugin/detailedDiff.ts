import type { AnyDeclaration } from "../resources/lifecycle/declaration";
import { fieldChanges } from "../resources/lifecycle/fieldChanges";
import type { Properties } from "./properties";

/** What a change does to one property, as the engine's `PropertyDiff.Kind` names it. */
export type PropertyChange = "ADD" | "ADD_REPLACE" | "DELETE" | "DELETE_REPLACE" | "UPDATE" | "UPDATE_REPLACE";

/**
 * Each property a change touches, with what the change does to it: added (no recorded value), deleted (no new
 * value) or updated, and the `_REPLACE` variant when the declaration's fate for the field replaces the resource.
 * `replaces` is the diff's own replace list, so the per-property answer cannot disagree with it.
 *
 * @param declaration - the kind's declaration, whose fates decide what changes in place
 * @param olds - the recorded outputs the engine sent
 * @param news - the checked arguments the engine sent
 * @param replaces - the properties the diff says force a replacement
 * @param deletes - properties the change deletes though the arguments keep them (a lifetime that ends its resource)
 */
export function detailedDiff(
  declaration: AnyDeclaration,
  olds: Properties,
  news: Properties,
  replaces: readonly string[],
  deletes: readonly string[] = [],
): Record<string, PropertyChange> {
  const { updates } = fieldChanges(declaration, olds, news);
  return {
    ...propertyChanges(
      olds,
      news,
      updates.filter((name) => !replaces.includes(name)),
      replaces,
    ),
    ...Object.fromEntries(deletes.map((name) => [name, "DELETE" as const])),
  };
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
