import { sharedClient } from "../../sharedClient";
import type { AnyDeclaration } from "./declaration";
import { deleteUntilGone } from "./deleteUntilGone";
import { kindApi } from "./kindApi";

/** `delete`: a 404 is done; then it waits until the pods the delete ends (read before it) are gone. */
export async function remove(declaration: AnyDeclaration, id: string): Promise<void> {
  const client = sharedClient();
  const pods = (await declaration.podsOf?.(client, id)) ?? [];
  await deleteUntilGone(client, () => kindApi(declaration, client).delete(id), pods);
}
