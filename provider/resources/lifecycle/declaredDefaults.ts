import type { Named } from "../autoName";
import type { Checked, Declaration, Field, Fields } from "./declaration";
import { withNestedDefaults } from "./nestedDefaults";

/** The arguments with the declared defaults applied, then those that depend on other arguments. */
export function withDeclaredDefaults<Args extends object, F extends Fields<Args>>(
  declaration: Pick<Declaration<Args, F, { id: string }, object>, "fields" | "dependentDefaults">,
  inputs: Named<Args>,
): Checked<Args, F> {
  const valueOf = (name: string): unknown => (inputs as Record<string, unknown>)[name];
  const fields = Object.entries(declaration.fields as unknown as Record<string, Field<unknown, unknown>>);
  const defaults = fields
    .filter(([name, field]) => field.default !== undefined || (field.within !== undefined && valueOf(name) !== undefined))
    .map(([name, field]) => [name, withNestedDefaults(valueOf(name) ?? field.default, field.within)]);
  const checked = { ...inputs, ...Object.fromEntries(defaults) } as Checked<Args, F>;
  return declaration.dependentDefaults?.(checked) ?? checked;
}
