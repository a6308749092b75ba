import type * as dynamic from "@pulumi/pulumi/dynamic";
import { UserError } from "../../errors";

/** Builds a `DiffResult` from the properties that change in place and those that force a replacement. */
export function diffResult(updates: readonly string[], replaces: readonly string[], deleteBeforeReplace = false): dynamic.DiffResult {
  return {
    changes: updates.length > 0 || replaces.length > 0,
    replaces: [...replaces],
    ...(deleteBeforeReplace && replaces.length > 0 ? { deleteBeforeReplace: true } : {}),
  };
}

/**
 * Refuses a replacement of an adopted resource while `adopt` still names it: the replacement would adopt
 * the very resource that the engine deletes right after, leaving the stack pointing at nothing.
 */
export function refuseReplacingAdopted(what: string, id: string, adopt: string | undefined, replaces: readonly string[]): void {
  if (adopt !== id || replaces.length === 0) return;
  throw new UserError(
    `${what} ${id} was adopted and ${replaces.join(", ")} cannot change in place. Replacing it would delete the adopted ` +
      "resource and adopt it again; remove `adopt` from its arguments to let Pulumi create a new one and delete the old one.",
  );
}
