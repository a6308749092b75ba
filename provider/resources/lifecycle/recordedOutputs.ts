import type { AnyDeclaration, Field } from "./declaration";
import { stripUndefined } from "./engineProperties";

/**
 * What state records for a live resource: the declaration's outputs, and beside them the arguments the service never
 * reports (declared `unreported`), which state keeps and hands back.
 */
export function recordedOutputs<Live, Outputs extends object>(
  declaration: Pick<AnyDeclaration, "fields"> & { outputsOf(live: Live, recorded: Partial<Outputs>, previous?: Outputs): Outputs },
  live: Live,
  inputs: object,
  previous?: Outputs,
): Outputs {
  const outputs = { ...declaration.outputsOf(live, inputs as Partial<Outputs>, previous), ...unreportedOf(declaration, inputs) };
  return stripUndefined(outputs);
}

/** The arguments among `values` that the service never reports. */
export function unreportedOf(declaration: Pick<AnyDeclaration, "fields">, values: object): object {
  const unreported = Object.entries(declaration.fields as Record<string, Field<unknown, unknown>>)
    .filter(([name, field]) => field.unreported === true && name in values)
    .map(([name]) => [name, (values as Record<string, unknown>)[name]]);
  return Object.fromEntries(unreported);
}
