import type * as dynamic from "@pulumi/pulumi/dynamic";
import { sameValue } from "../../values/sameValue";
import type { AnyDeclaration } from "./declaration";
import { ownProperties, stripUndefined } from "./engineProperties";
import { fieldChanges } from "./fieldChanges";
import { findLive } from "./findLive";
import { importedInputs } from "./importedInputs";
import { recordedOutputs, unreportedOf } from "./recordedOutputs";

/** `read`: records the live resource, answers "gone" (an empty id) for a 404, and hands back the arguments on drift. */
export async function read(declaration: AnyDeclaration, id: string, props?: object): Promise<dynamic.ReadResult> {
  const live = await findLive(declaration, id);
  if (!live) return { id: "" };
  const recorded = ownProperties(props ?? {});
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
    ? importedInputs(declaration, live)
    : { ...declaration.inputsOf(live, recorded), ...unreportedOf(declaration, recorded) };
  const outs = recordedOutputs(declaration, live, inputs, imported ? undefined : recorded);
  const drifted = imported || Object.values(fieldChanges(declaration, recorded, inputs)).some((names) => names.length > 0);
  return drifted ? { id, props: outs, inputs: stripUndefined(inputs) } : { id, props: outs };
}
