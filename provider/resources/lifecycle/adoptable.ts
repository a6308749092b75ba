import { sharedClient } from "../../sharedClient";
import { UserError } from "../../errors";
import type { AnyDeclaration, LiveResource } from "./declaration";
import { adoptConflicts } from "./fieldChanges";
import { findLive } from "./findLive";

/** The resource `id` (only the account's own, where the declaration says how), unless it conflicts with the arguments. */
export async function adoptable(declaration: AnyDeclaration, id: string, inputs: object): Promise<LiveResource> {
  const live = declaration.findOwn === undefined ? await findLive(declaration, id) : await declaration.findOwn(sharedClient(), id);
  if (live === undefined) {
    const none = declaration.findOwn === undefined ? "there is no" : "the account has no";
    throw new UserError(`adopt: ${none} ${declaration.what} with id "${id}"`);
  }
  const conflicts = adoptConflicts(declaration, declaration.outputsOf(live, inputs), inputs);
  if (conflicts.length > 0) {
    const { what, noun } = declaration;
    const refusal =
      declaration.adoptRefusal?.(live, conflicts, inputs) ??
      `differs from the arguments in ${conflicts.join(", ")}, which cannot change in place; declare the ${noun}'s current values or create a new ${noun} instead`;
    throw new UserError(`adopt: ${what} "${id}" ${refusal}`);
  }
  return live;
}
