import { kinds } from "../../provider/kindRegistry";
import type { AnyDeclaration, Field } from "../../provider/resources/lifecycle/declaration";
import { withDeclaredDefaults } from "../../provider/resources/lifecycle/declaredDefaults";
import { sameValue } from "../../provider/values/sameValue";

/**
 * The arguments a resource's live values give, as its declaration names them: every argument the declaration
 * compares (not the create-only ones, such as `adopt` or a deadline), left out where the value is what `check` puts
 * in when it is left out (its declared default, or one that depends on the other arguments) or sets nothing (null,
 * "", [], {}), which `check` and the service fill in alike.
 */
export function declaredArguments(declaration: AnyDeclaration, values: Record<string, unknown>): Record<string, unknown> {
  const fields = declaration.fields as Record<string, Field<unknown, unknown>>;
  const filledIn = (name: string): unknown => withDeclaredDefaults(declaration, { ...values, [name]: undefined })[name];
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([name, field]) => field.fate.kind !== "createOnly" && !setsNothing(values[name]) && !sameValue(values[name], filledIn(name)))
      .map(([name]) => [name, values[name]]),
  );
}

/** Whether a value is absent or empty. */
export function setsNothing(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === "object" && Object.keys(value).length === 0;
}

/** The declaration of a declared kind. */
export function declarationOf(kind: keyof typeof kinds): AnyDeclaration | undefined {
  return kinds[kind].declaration as AnyDeclaration | undefined;
}
