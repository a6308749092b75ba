import type * as dynamic from "@pulumi/pulumi/dynamic";
import { sharedClient } from "../../sharedClient";
import { adoptable } from "./adoptable";
import type { AnyDeclaration } from "./declaration";
import { ownProperties } from "./engineProperties";
import { patchFrom } from "./patch";
import { recordedOutputs } from "./recordedOutputs";
import { madeUsable } from "./usable";
import { waitOf } from "./wait";

/**
 * `create` with `adopt`: takes over the resource `adopt` names, which must agree with the arguments in every field
 * that cannot change in place. The rest is brought to the arguments: PATCHed, or, where the kind waits until usable,
 * converged as a new resource is (but never deleted: it is not ours). Then records its outputs.
 */
export async function adopt(declaration: AnyDeclaration, props: object): Promise<dynamic.CreateResult> {
  const client = sharedClient();
  const inputs = ownProperties(props);
  const wait = waitOf(declaration, client, inputs);
  const madeWith = (await declaration.madeWith?.(client, inputs)) ?? inputs;
  const live = await adoptable(declaration, String((inputs as { adopt?: string }).adopt), inputs);
  const adopted =
    declaration.readiness === undefined
      ? ((await patchFrom(declaration, live.id, recordedOutputs(declaration, live, inputs), inputs)) ?? live)
      : await madeUsable(declaration, live, inputs, wait, true, props);
  return { id: adopted.id, outs: recordedOutputs(declaration, adopted, madeWith) };
}
