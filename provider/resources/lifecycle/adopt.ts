import { sharedClient } from "../../sharedClient";
import { messageOf } from "../../messageOf";
import { UserError } from "../../errors";
import type { Checked, Fields, KindDeclaration, Wait } from "./declaration";
import { initializationFailure } from "./engineProperties";
import { adoptConflicts } from "./fieldChanges";
import { currentOf, findLive } from "./findLive";
import { patchFrom } from "./patch";
import { recordedOutputs } from "./recordedOutputs";

/**
 * Takes over the resource `id`: it must agree in every field that cannot change in place; the rest is brought to the
 * arguments (converged, where the kind waits until usable). An adopted resource that does not become usable is not
 * ours to delete: it is recorded with the failure instead.
 */
export async function adopt<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody,
  Patch,
>(
  declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>,
  id: string,
  inputs: Checked<Args, F>,
  wait: Wait,
  engineProps: object,
): Promise<Live> {
  const live = await adoptable(declaration, id, inputs);
  const { readiness } = declaration;
  if (readiness === undefined) return (await patchFrom(declaration, id, recordedOutputs(declaration, live, inputs), inputs)) ?? live;
  try {
    return await readiness.converge(live, inputs, wait);
  } catch (error) {
    throw initializationFailure(`adopt: ${declaration.what} "${id}" did not become ${readiness.state(inputs)}: ${messageOf(error)}`, {
      id,
      properties: recordedOutputs(declaration, await currentOf(declaration, live), inputs),
      engineProps,
    });
  }
}

/**
 * Reads the resource `id` (only the account's own, where the declaration says how) and refuses it unless it agrees
 * with the arguments in every field that cannot change in place.
 */
async function adoptable<
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
  return live;
}
