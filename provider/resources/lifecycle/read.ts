import type * as dynamic from "@pulumi/pulumi/dynamic";
import { sameValue } from "../../values/sameValue";
import type { AnyDeclaration, Checked, Declaration, Fields } from "./declaration";
import { withDeclaredDefaults } from "./declaredDefaults";
import { ownProperties, stripUndefined } from "./engineProperties";
import { fieldChanges } from "./fieldChanges";
import { findLive } from "./findLive";
import { recordedOutputs, unreportedOf } from "./recordedOutputs";

/** `read`: records the live resource, answers "gone" (an empty id) for a 404, and hands back the arguments on drift. */
export async function read(declaration: AnyDeclaration, id: string, props?: object): Promise<dynamic.ReadResult> {
  const live = await findLive(declaration, id);
  if (!live) return { id: "" };
  const recorded = ownProperties(props ?? {}) as object;
  const imported = Object.keys(recorded).length === 0;
  if (declaration.inputsOf === undefined) {
    const outs = declaration.outputsOf(live, recorded);
    // Inputs are handed back at an import (nothing recorded) and for drift; else the arguments in state stand.
    return imported || !sameValue(outs, recorded) ? { id, props: outs, inputs: outs } : { id, props: outs };
  }
  // An import records what a create with the rebuilt arguments would have. Else they are handed back only for
  // drift: rebuilt from the live resource they name what the program left to the service (a pod's `disk`), and
  // every refresh would report a change that is none.
  const inputs = imported
    ? (importedInputs(declaration, live) as object)
    : { ...declaration.inputsOf(live, recorded), ...unreportedOf(declaration, recorded) };
  const outs = recordedOutputs(declaration, live, inputs, imported ? undefined : recorded);
  const drifted = imported || Object.values(fieldChanges(declaration, recorded, inputs)).some((names) => names.length > 0);
  return drifted ? { id, props: outs, inputs: stripUndefined(inputs) as unknown as object } : { id, props: outs };
}

/**
 * The arguments an import records for a live resource: what the plugin's `read` hands `pulumi import`, where nothing
 * is recorded, and what `computeplatform import` writes, which also knows what a list reports beside (a pod's template).
 */
export function importedInputs<Args extends object, F extends Fields<Args>, Live extends { id: string }, Outputs extends object>(
  declaration: Pick<Declaration<Args, F, Live, Outputs>, "fields" | "dependentDefaults" | "inputsOf" | "outputsOf">,
  live: Live,
  known: Partial<Outputs> = {},
): Checked<Args, F> | Outputs {
  const { inputsOf } = declaration;
  return inputsOf === undefined ? declaration.outputsOf(live, known) : withDeclaredDefaults(declaration, inputsOf(live, known as Outputs));
}
