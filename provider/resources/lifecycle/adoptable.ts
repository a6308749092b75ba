import { sharedClient } from "../../sharedClient";
import type { Declaration, Fields } from "./declaration";
import { adoptConflicts } from "./fieldChanges";
import { unlessNotFound } from "../unlessNotFound";
import { UserError } from "../../errors";

type AnyLive = { id: string };

/** The live resource `id` of a declared kind (its `find` where the API has no read by id), or undefined when it is gone. */
export function findLive<Args extends object, F extends Fields<Args>, Live extends AnyLive, Outputs extends object, Body, Patch>(
  declaration: Declaration<Args, F, Live, Outputs, readonly (keyof Outputs & string)[], Body, Patch>,
  id: string,
): Promise<Live | undefined> {
  if (declaration.find !== undefined) return declaration.find(sharedClient(), id);
  const kindApi = declaration.api(sharedClient());
  if (kindApi.get === undefined) throw new Error(`${declaration.what}: the declaration has neither find nor a get`);
  return unlessNotFound(() => kindApi.get!(id));
}

/**
 * The first step of `adopt`, the same for every kind: reads the resource `id` (only the account's own, where the
 * declaration says how) and refuses it unless it agrees with the arguments in every field that cannot change in
 * place. What brings it to the arguments then is the kind's.
 */
export async function adoptable<Args extends object, F extends Fields<Args>, Live extends AnyLive, Outputs extends object, Body, Patch>(
  declaration: Declaration<Args, F, Live, Outputs, readonly (keyof Outputs & string)[], Body, Patch>,
  id: string,
  inputs: object,
): Promise<Live> {
  const live = declaration.findOwn === undefined ? await findLive(declaration, id) : await declaration.findOwn(sharedClient(), id);
  if (live === undefined) {
    const none = declaration.findOwn === undefined ? "there is no" : "the account has no";
    throw new UserError(`adopt: ${none} ${declaration.what} with id "${id}"`);
  }
  const conflicts = adoptConflicts(declaration, declaration.outputsOf(live, inputs as Partial<Outputs>), inputs);
  if (conflicts.length > 0) {
    const { what, noun } = declaration;
    const refusal =
      declaration.adoptRefusal?.(live, conflicts, inputs as never) ??
      `differs from the arguments in ${conflicts.join(", ")}, which cannot change in place; declare the ${noun}'s current values or create a new ${noun} instead`;
    throw new UserError(`adopt: ${what} "${id}" ${refusal}`);
  }
  return live;
}
