import type * as dynamic from "@pulumi/pulumi/dynamic";
import { UserError } from "../../errors";
import type { AnyDeclaration } from "./declaration";
import { diffResult } from "./diffResult";
import { fieldChanges } from "./fieldChanges";

/** `diff`: each field compared by its fate; a resource that `adopt` still names is never replaced. */
export async function diff(declaration: AnyDeclaration, id: string, olds: object, news: object): Promise<dynamic.DiffResult> {
  const result = diffOf(declaration, olds, news);
  refuseReplacingAdopted(declaration.what, id, (news as { adopt?: string }).adopt, result.replaces ?? []);
  return result;
}

/** The `diff` of the recorded outputs and the arguments, as the engine takes it. */
export function diffOf(declaration: AnyDeclaration, olds: object, news: object): dynamic.DiffResult {
  const { updates, replaces } = fieldChanges(declaration, olds, news);
  return diffResult(updates, replaces);
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
