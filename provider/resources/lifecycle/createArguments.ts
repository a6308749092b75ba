import type { ComputePlatformClient } from "../../client";
import { sharedClient } from "../../sharedClient";
import type { AnyDeclaration, Wait } from "./declaration";
import { ownProperties } from "./engineProperties";
import { waitOf } from "./wait";

/** What a create or an adopt works from. */
export interface CreateArguments {
  readonly client: ComputePlatformClient;
  /** The arguments, without the properties the engine adds. */
  readonly inputs: object;
  /** How long it may wait for the resource: the deadline input. */
  readonly wait: Wait;
  /** The arguments as the resource runs with them (what they leave to a template, read from it), for state to record. */
  readonly madeWith: object;
}

/** What a create or an adopt works from, for the arguments the engine passed. */
export async function createArguments(declaration: AnyDeclaration, props: object): Promise<CreateArguments> {
  const client = sharedClient();
  const inputs = ownProperties(props);
  const wait = waitOf(declaration, client, inputs);
  const madeWith = (await declaration.madeWith?.(client, inputs)) ?? inputs;
  return { client, inputs, wait, madeWith };
}
