import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { AnyDeclaration } from "./declaration";
import { diffResult, refuseReplacingAdopted } from "./diffResult";
import { fieldChanges } from "./fieldChanges";

/** `diff`: each field compared by its fate; a resource that `adopt` still names is never replaced. */
export async function diff(declaration: AnyDeclaration, id: string, olds: object, news: object): Promise<dynamic.DiffResult> {
  const result = diffOf(declaration, olds, news);
  refuseReplacingAdopted(declaration.what, id, (news as { adopt?: string }).adopt, result.replaces ?? []);
  return result;
}

/** The `diff` of the recorded outputs and the arguments, as the engine takes it. */
export function diffOf(declaration: AnyDeclaration, olds: object, news: object): dynamic.DiffResult {
  const { updates, replaces } = fieldChanges(declaration, olds, news);
  return diffResult(updates, replaces);
}
