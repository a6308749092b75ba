import type { Checked, Declaration, Fields } from "./declaration";
import { withDeclaredDefaults } from "./declaredDefaults";

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
