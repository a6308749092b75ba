import { messageOf } from "../../messageOf";
import { labelOf } from "./createRequest";
import type { Checked, Fields, KindDeclaration, Wait } from "./declaration";
import { remove } from "./delete";
import { initializationFailure } from "./engineProperties";
import { currentOf } from "./findLive";
import { recordedOutputs } from "./recordedOutputs";

/** Waits until a new resource is usable; one that is not is deleted, or, when that fails too, recorded with the failure. */
export async function readyOrRemoved<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody,
  Patch,
>(
  declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>,
  created: Live,
  inputs: Checked<Args, F>,
  wait: Wait,
  engineProps: object,
): Promise<Live> {
  const { readiness } = declaration;
  if (readiness === undefined) return created;
  try {
    return await readiness.converge(created, inputs, wait);
  } catch (error) {
    const failed = `${readiness.label?.(inputs, created.id) ?? labelOf(declaration, inputs)} did not become ${readiness.state(inputs)}: ${messageOf(error)}`;
    try {
      await remove(declaration, created.id);
    } catch (cleanupError) {
      throw initializationFailure(
        `${failed}; deleting it (${created.id}) also failed: ${messageOf(cleanupError)}. ` +
          "It is kept in the stack so that the next `pulumi up` or `pulumi destroy` can deal with it.",
        { id: created.id, properties: recordedOutputs(declaration, await currentOf(declaration, created), inputs), engineProps },
      );
    }
    const deletedWith = readiness.deletedWith === undefined ? "" : ` ${readiness.deletedWith}`;
    throw new Error(`${failed}. It was deleted${deletedWith}; nothing was left behind.`);
  }
}
