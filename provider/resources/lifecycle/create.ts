import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { AnyDeclaration } from "./declaration";
import { createArguments } from "./createArguments";
import { placedCreate } from "./placedCreate";
import { recordedOutputs } from "./recordedOutputs";
import { madeUsable } from "./usable";

/**
 * `create`: sends the arguments' create request once, on the candidate `placement` chooses where it leaves a choice;
 * waits until the new resource is usable (deleting one that is not); records its outputs.
 */
export async function create(declaration: AnyDeclaration, props: object): Promise<dynamic.CreateResult> {
  const { client, inputs, wait, madeWith } = await createArguments(declaration, props);
  const created = await placedCreate(declaration, client, inputs, wait);
  const live = await madeUsable(declaration, created, inputs, wait, false, props);
  return { id: live.id, outs: recordedOutputs(declaration, live, madeWith) };
}
