import type { Checked, Fields, KindDeclaration } from "./declaration";
import { fieldChanges } from "./fieldChanges";
import { kindApi } from "./kindApi";

/** The PATCH body that brings `live` to the arguments: the kind's, or exactly the fields that change in place and differ. */
export function patchOf<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody,
  Patch,
>(declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>, live: Outputs, news: Checked<Args, F>): Patch {
  return (
    declaration.patch?.(live, news) ??
    (Object.fromEntries(
      fieldChanges(declaration, live, news).updates.map((name) => [name, (news as Record<string, unknown>)[name]]),
    ) as Patch)
  );
}

/** PATCHes the fields that change in place and differ from `from`; undefined when none does. */
export async function patchFrom<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody,
  Patch,
>(
  declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>,
  id: string,
  from: Outputs,
  news: Checked<Args, F>,
): Promise<Live | undefined> {
  const patch = patchOf(declaration, from, news);
  if (Object.keys(patch as object).length === 0) return undefined;
  const api = kindApi(declaration);
  if (api.update === undefined)
    throw new Error(`${declaration.what} ${id}: ${Object.keys(patch as object).join(", ")} cannot change in place`);
  return api.update(id, patch);
}
