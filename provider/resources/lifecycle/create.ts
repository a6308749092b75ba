import type * as dynamic from "@pulumi/pulumi/dynamic";
import { sharedClient } from "../../sharedClient";
import type { AnyDeclaration } from "./declaration";
import { ownProperties } from "./engineProperties";
import { placedCreate } from "./placedCreate";
import { recordedOutputs } from "./recordedOutputs";
import { madeUsable } from "./usable";
import { waitOf } from "./wait";

/**
 * `create`: sends the arguments' create request once, on the candidate `placement` chooses where it leaves a choice;
 * waits until the new resource is usable (deleting one that is not); records its outputs.
 */
export async function create(declaration: AnyDeclaration, props: object): Promise<dynamic.CreateResult> {
  const client = sharedClient();
  const inputs = ownProperties(props);
  const wait = waitOf(declaration, client, inputs);
  const madeWith = (await declaration.madeWith?.(client, inputs)) ?? inputs;
  const created = await placedCreate(declaration, client, inputs, wait);
  const live = await madeUsable(declaration, created, inputs, wait, false, props);
  return { id: live.id, outs: recordedOutputs(declaration, live, madeWith) };
}
