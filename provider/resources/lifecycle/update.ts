import type * as dynamic from "@pulumi/pulumi/dynamic";
import { UserError } from "../../errors";
import { messageOf } from "../../messageOf";
import { sharedClient } from "../../sharedClient";
import type { AnyDeclaration } from "./declaration";
import { initializationFailure, ownProperties } from "./engineProperties";
import { findLive } from "./findLive";
import { patchFrom } from "./patch";
import { recordedOutputs } from "./recordedOutputs";
import { waitOf } from "./wait";

/**
 * `update`: PATCHes exactly the fields that change in place and differ, or, where the kind converges at an update
 * too, brings the live resource to the arguments and waits until it is usable; then records its outputs.
 */
export async function update(declaration: AnyDeclaration, id: string, olds: object, news: object): Promise<dynamic.UpdateResult> {
  const inputs = ownProperties(news);
  const { readiness } = declaration;
  if (readiness?.atUpdate !== true) {
    const live = (await patchFrom(declaration, id, olds, inputs)) ?? (await findLive(declaration, id));
    if (live === undefined) throw gone(declaration.what, id);
    return { outs: recordedOutputs(declaration, live, inputs, olds) };
  }
  const effective = declaration.effective?.(olds, inputs) ?? inputs;
  const live = await findLive(declaration, id);
  if (live === undefined) throw gone(declaration.what, id);
  const wait = waitOf(declaration, sharedClient(), inputs);
  try {
    const converged = await readiness.converge(live, effective, wait, olds);
    return { outs: recordedOutputs(declaration, converged, effective, olds) };
  } catch (error) {
    const now = await findLive(declaration, id).catch(() => undefined);
    const name = (inputs as { name?: string }).name;
    throw initializationFailure(
      `${declaration.what} ${id} (${name}) did not reach ${readiness.state(inputs)} after the update: ${messageOf(error)}`,
      {
        id,
        properties: now ? recordedOutputs(declaration, now, effective, olds) : olds,
        engineProps: news,
      },
    );
  }
}

function gone(what: string, id: string): UserError {
  return new UserError(`${what} ${id} is gone: run \`pulumi refresh\` to drop it from the stack`);
}
