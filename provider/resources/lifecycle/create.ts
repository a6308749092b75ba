import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ComputePlatformClient } from "../../client";
import { sharedClient } from "../../sharedClient";
import { adopt } from "./adopt";
import { createOnce } from "./createOnce";
import { createRequest, labelOf, madeFrom } from "./createRequest";
import type { Checked, Fields, KindDeclaration, Wait } from "./declaration";
import { ownProperties } from "./engineProperties";
import { kindApi } from "./kindApi";
import { placedCreate } from "./placedCreate";
import { readyOrRemoved } from "./readyOrRemoved";
import { recordedOutputs } from "./recordedOutputs";
import { waitOf } from "./wait";

/**
 * `create`: adopts the resource `adopt` names, or sends the arguments' create request once (on the candidate
 * `placement` chooses, where it leaves a choice) and waits until the new resource is usable; then records its outputs.
 */
export async function create<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody,
  Patch,
>(
  declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>,
  props: Checked<Args, F>,
): Promise<dynamic.CreateResult<Outputs>> {
  const client = sharedClient();
  const inputs = ownProperties(props);
  const wait = waitOf(declaration, client, inputs);
  const madeWith = (await declaration.madeWith?.(client, inputs)) ?? inputs;
  const { adopt: adoptId } = inputs as { adopt?: string };
  const live = adoptId
    ? await adopt(declaration, adoptId, inputs, wait, props)
    : await readyOrRemoved(declaration, await sendCreate(declaration, client, inputs, wait), inputs, wait, props);
  return { id: live.id, outs: recordedOutputs(declaration, live, madeWith) };
}

/** Sends the create request once, through `createOnce`, on the candidate `placement` chooses where it leaves a choice. */
function sendCreate<Args extends object, F extends Fields<Args>, Live extends { id: string }, Outputs extends object, CreateBody, Patch>(
  declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>,
  client: ComputePlatformClient,
  inputs: Checked<Args, F>,
  wait: Wait,
): Promise<Live> {
  const api = kindApi(declaration, client);
  return placedCreate(client, inputs, declaration.placement, wait, (sent) =>
    createOnce({
      what: labelOf(declaration, inputs),
      source: api,
      create: () => api.create(createRequest(declaration, sent)),
      matches: madeFrom(declaration, sent),
      clock: client.clock,
    }),
  );
}
