import { sharedClient } from "../../sharedClient";
import type { Fields, KindDeclaration } from "./declaration";
import { unlessNotFound } from "../unlessNotFound";

/** The live resource `id` of a declared kind (its `find` where the API has no read by id), or undefined when it is gone. */
export function findLive<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody,
  Patch,
>(declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>, id: string): Promise<Live | undefined> {
  if (declaration.find !== undefined) return declaration.find(sharedClient(), id);
  const kindApi = declaration.api(sharedClient());
  if (kindApi.get === undefined) throw new Error(`${declaration.what}: the declaration has neither find nor a get`);
  return unlessNotFound(() => kindApi.get!(id));
}

/** The live resource as it is now, for recording it with a failure; what was last seen when it cannot be read. */
export async function currentOf<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody,
  Patch,
>(declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>, live: Live): Promise<Live> {
  return (await findLive(declaration, live.id).catch(() => undefined)) ?? live;
}
