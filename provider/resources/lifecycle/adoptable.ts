import { NotFoundError } from "../../client/errors";
import { sharedClient } from "../../sharedClient";
import type { Declaration, Fields } from "./declaration";
import { adoptConflicts } from "./fieldChanges";

/**
 * The first step of `adopt`, the same for every kind: reads the resource `id` and refuses it unless it agrees
 * with the arguments in every field that cannot change in place. What brings it to the arguments then is the kind's.
 */
export async function adoptable<Args extends object, F extends Fields<Args>, Live extends { id: string }, Outputs extends object>(
  declaration: Declaration<Args, F, Live, Outputs>,
  id: string,
  inputs: object,
): Promise<Live> {
  let live: Live;
  try {
    live = await declaration.api(sharedClient()).get(id);
  } catch (error) {
    if (error instanceof NotFoundError) throw new Error(`adopt: there is no ${declaration.what} with id "${id}"`);
    throw error;
  }
  const conflicts = adoptConflicts(declaration, declaration.outputsOf(live, inputs as Partial<Outputs>), inputs);
  if (conflicts.length > 0) {
    const { what, noun } = declaration;
    const refusal =
      declaration.adoptRefusal?.(live, conflicts, inputs as never) ??
      `differs from the arguments in ${conflicts.join(", ")}, which cannot change in place; declare the ${noun}'s current values or create a new ${noun} instead`;
    throw new Error(`adopt: ${what} "${id}" ${refusal}`);
  }
  return live;
}
