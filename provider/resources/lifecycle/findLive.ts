import { sharedClient } from "../../sharedClient";
import { kindApi } from "./kindApi";
import type { AnyDeclaration, LiveResource } from "./declaration";
import { unlessNotFound } from "../unlessNotFound";

/** The live resource `id` of a declared kind (its `find` where the API has no read by id), or undefined when it is gone. */
export function findLive(declaration: AnyDeclaration, id: string): Promise<LiveResource | undefined> {
  if (declaration.find !== undefined) return declaration.find(sharedClient(), id);
  const api = kindApi(declaration);
  if (api.get === undefined) throw new Error(`${declaration.what}: the declaration has neither find nor a get`);
  return unlessNotFound(() => api.get!(id));
}

/** The live resource as it is now, for recording it with a failure; what was last seen when it cannot be read. */
export async function currentOf(declaration: AnyDeclaration, live: LiveResource): Promise<LiveResource> {
  return (await findLive(declaration, live.id).catch(() => undefined)) ?? live;
}
