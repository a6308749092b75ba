import type * as dynamic from "@pulumi/pulumi/dynamic";

/** Builds a `DiffResult` from the properties that change in place and those that force a replacement. */
export function diffResult(updates: readonly string[], replaces: readonly string[], deleteBeforeReplace = false): dynamic.DiffResult {
  return {
    changes: updates.length > 0 || replaces.length > 0,
    replaces: [...replaces],
    ...(deleteBeforeReplace && replaces.length > 0 ? { deleteBeforeReplace: true } : {}),
  };
}
