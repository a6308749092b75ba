import { sharedClient } from "../../sharedClient";
import { UserError } from "../../errors";
import type { Checked, Fields, KindDeclaration } from "./declaration";
import { adoptConflicts } from "./fieldChanges";
import { findLive } from "./findLive";
import { patchFrom } from "./patch";
import { recordedOutputs } from "./recordedOutputs";

/**
 * Takes over the resource `id` (only the account's own, where the declaration says how): it must agree with the
 * arguments in every field that cannot change in place. The rest is brought to the arguments: PATCHed here, or, where
 * the kind waits until usable, converged as a new resource is.
 */
export async function adopted<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody,
  Patch,
>(declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>, id: string, inputs: Checked<Args, F>): Promise<Live> {
  const live = declaration.findOwn === undefined ? await findLive(declaration, id) : await declaration.findOwn(sharedClient(), id);
  if (live === undefined) {
    const none = declaration.findOwn === undefined ? "there is no" : "the account has no";
    throw new UserError(`adopt: ${none} ${declaration.what} with id "${id}"`);
  }
  const conflicts = adoptConflicts(declaration, declaration.outputsOf(live, inputs as Partial<Outputs>), inputs);
  if (conflicts.length > 0) {
    const { what, noun } = declaration;
    const refusal =
      declaration.adoptRefusal?.(live, conflicts, inputs) ??
      `differs from the arguments in ${conflicts.join(", ")}, which cannot change in place; declare the ${noun}'s current values or create a new ${noun} instead`;
    throw new UserError(`adopt: ${what} "${id}" ${refusal}`);
  }
  if (declaration.readiness !== undefined) return live;
  return (await patchFrom(declaration, id, recordedOutputs(declaration, live, inputs), inputs)) ?? live;
}
