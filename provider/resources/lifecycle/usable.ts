import { messageOf } from "../../messageOf";
import { labelOf } from "./createRequest";
import type { AnyDeclaration, LiveResource, Wait } from "./declaration";
import { remove } from "./delete";
import { initializationFailure } from "./engineProperties";
import { currentOf } from "./findLive";
import { recordedOutputs } from "./recordedOutputs";

/**
 * Brings a new or adopted resource to the arguments and waits until it is usable, where the kind waits. A new one
 * that does not become usable is deleted, or, when that fails too, kept in the stack with the failure; an adopted one
 * is not ours to delete, and is kept with the failure.
 */
export async function madeUsable(
  declaration: AnyDeclaration,
  live: LiveResource,
  inputs: object,
  wait: Wait,
  adopted: boolean,
  engineProps: object,
): Promise<LiveResource> {
  const { readiness } = declaration;
  if (readiness === undefined) return live;
  try {
    return await readiness.converge(live, inputs, wait);
  } catch (error) {
    const state = `did not become ${readiness.state(inputs)}: ${messageOf(error)}`;
    if (adopted) throw await keptWithFailure(`adopt: ${declaration.what} "${live.id}" ${state}`);
    const failed = `${readiness.label?.(inputs, live.id) ?? labelOf(declaration, inputs)} ${state}`;
    try {
      await remove(declaration, live.id);
    } catch (cleanupError) {
      throw await keptWithFailure(
        `${failed}; deleting it (${live.id}) also failed: ${messageOf(cleanupError)}. ` +
          "It is kept in the stack so that the next `pulumi up` or `pulumi destroy` can deal with it.",
      );
    }
    const deletedWith = readiness.deletedWith === undefined ? "" : ` ${readiness.deletedWith}`;
    throw new Error(`${failed}. It was deleted${deletedWith}; nothing was left behind.`);
  }

  /** The failure that keeps the resource in the stack, with its outputs as it is now. */
  async function keptWithFailure(message: string): Promise<Error> {
    const properties = recordedOutputs(declaration, await currentOf(declaration, live), inputs);
    return initializationFailure(message, { id: live.id, properties, engineProps });
  }
}
