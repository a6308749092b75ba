import type { AnyDeclaration, Field } from "./declaration";
import { sameValue } from "../../values/sameValue";

/** What a change of the arguments does: the fields that change in place, and those that replace the resource. */
export interface FieldChanges {
  readonly updates: string[];
  readonly replaces: string[];
}

/**
 * Compares each declared field of the recorded outputs with the arguments, by its fate, in the declaration's
 * order. A field that replaces is not also listed as an update.
 */
export function fieldChanges(declaration: AnyDeclaration, olds: object, news: object): FieldChanges {
  const effective: object = declaration.effective?.(olds, news) ?? news;
  const fields = Object.entries(declaration.fields as Record<string, Field<object, object>>);
  const changed = (name: string, field: Field<object, object>): boolean => {
    if (field.changed) return field.changed(olds, effective);
    const after = valueOf(effective, name);
    if (declaration.unsetKeepsLive && after === undefined) return false;
    return !sameValue(valueOf(olds, name), after);
  };
  const replaces = fields
    .filter(([name, field]) => {
      const { fate } = field;
      if (fate.kind === "replaces") return changed(name, field);
      return (fate.kind === "replacesWhen" || fate.kind === "inPlaceUnless") && fate.when(olds, effective);
    })
    .map(([name]) => name);
  const updates = fields
    .filter(
      ([name, field]) =>
        (field.fate.kind === "inPlace" || field.fate.kind === "inPlaceUnless") && !replaces.includes(name) && changed(name, field),
    )
    .map(([name]) => name);
  return { updates, replaces };
}

/** The fields whose value on the live resource keeps `adopt` from taking it over: those that would replace it. */
export function adoptConflicts(declaration: AnyDeclaration, liveOutputs: object, inputs: object): string[] {
  const fields = declaration.fields as Record<string, Field<object, object>>;
  return fieldChanges(declaration, liveOutputs, inputs).replaces.filter((name) => fields[name]?.unreported !== true);
}

function valueOf(values: object, name: string): unknown {
  return (values as Record<string, unknown>)[name];
}
