import type { AnyDeclaration, LiveResource } from "./declaration";
import { fieldChanges } from "./fieldChanges";
import { kindApi } from "./kindApi";

/** The PATCH body that brings `live` to the arguments: the kind's, or exactly the fields that change in place and differ. */
export function patchOf(declaration: AnyDeclaration, live: object, news: object): object {
  return (
    declaration.patch?.(live, news) ??
    Object.fromEntries(fieldChanges(declaration, live, news).updates.map((name) => [name, (news as Record<string, unknown>)[name]]))
  );
}

/** PATCHes the fields that change in place and differ from `from`; undefined when none does. */
export async function patchFrom(declaration: AnyDeclaration, id: string, from: object, news: object): Promise<LiveResource | undefined> {
  const patch = patchOf(declaration, from, news);
  if (Object.keys(patch).length === 0) return undefined;
  const api = kindApi(declaration);
  if (api.update === undefined) throw new Error(`${declaration.what} ${id}: ${Object.keys(patch).join(", ")} cannot change in place`);
  return api.update(id, patch);
}
