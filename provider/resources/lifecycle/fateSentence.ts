import type { AnyDeclaration, Field } from "./declaration";

/**
 * What a change of the field does, as a sentence the generated docs append to its TSDoc: derived from its fate, so
 * the two cannot disagree. `noun` names the resource, e.g. `pod`.
 */
export function fateSentence(field: Field<unknown, unknown>, noun: string): string {
  const { fate } = field;
  switch (fate.kind) {
    case "inPlace":
      return "A change is applied in place.";
    case "replaces":
      return `A change replaces the ${noun}.`;
    case "replacesWhen":
      return `A change replaces the ${noun} only when ${fate.cases ?? "its doc says so"}; otherwise it changes nothing.`;
    case "inPlaceUnless":
      return `A change is applied in place, except when ${fate.cases ?? "its doc says so"}, which replaces the ${noun}.`;
    case "createOnly":
      return `Read when the ${noun} is created or adopted; a change of it alone changes nothing.`;
  }
}

/** Each argument's fate sentence, by name. */
export function fateSentences(declaration: AnyDeclaration): Map<string, string> {
  const fields = Object.entries(declaration.fields as Record<string, Field<unknown, unknown>>);
  return new Map(fields.map(([name, field]) => [name, fateSentence(field, declaration.noun)]));
}
