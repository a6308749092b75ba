import type * as dynamic from "@pulumi/pulumi/dynamic";
import { sharedClient } from "../../sharedClient";
import { UserError } from "../../errors";
import type { AnyDeclaration, LiveResource } from "./declaration";
import { ownProperties } from "./engineProperties";
import { adoptConflicts } from "./fieldChanges";
import { findLive } from "./findLive";
import { patchFrom } from "./patch";
import { recordedOutputs } from "./recordedOutputs";
import { madeUsable } from "./usable";
import { waitOf } from "./wait";

/**
 * `create` with `adopt`: takes over the resource `adopt` names, which must agree with the arguments in every field
 * that cannot change in place. The rest is brought to the arguments: PATCHed, or, where the kind waits until usable,
 * converged as a new resource is (but never deleted: it is not ours). Then records its outputs.
 */
export async function adopt(declaration: AnyDeclaration, props: object): Promise<dynamic.CreateResult> {
  const client = sharedClient();
  const inputs = ownProperties(props);
  const wait = waitOf(declaration, client, inputs);
  const madeWith = (await declaration.madeWith?.(client, inputs)) ?? inputs;
  const live = await adoptable(declaration, String((inputs as { adopt?: string }).adopt), inputs);
  const adopted =
    declaration.readiness === undefined
      ? ((await patchFrom(declaration, live.id, recordedOutputs(declaration, live, inputs), inputs)) ?? live)
      : await madeUsable(declaration, live, inputs, wait, true, props);
  return { id: adopted.id, outs: recordedOutputs(declaration, adopted, madeWith) };
}

/** The resource `id` (only the account's own, where the declaration says how), unless it conflicts with the arguments. */
async function adoptable(declaration: AnyDeclaration, id: string, inputs: object): Promise<LiveResource> {
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
