import type { ComputePlatformClient } from "../../client";
import { placeOnCandidates } from "../../placement/placeOnCandidates";
import { createdOnce } from "./createOnce";
import type { AnyDeclaration, LiveResource, Wait } from "./declaration";

/**
 * Sends the arguments' create request once (through `createOnce`, so that a lost answer is found again), or, where
 * `placement` leaves a choice, on the first acceptable configuration with capacity (waiting for one until the deadline).
 */
export async function placedCreate(
  declaration: AnyDeclaration,
  client: ComputePlatformClient,
  inputs: object,
  wait: Wait,
): Promise<LiveResource> {
  const { placement } = declaration;
  const scope = placement?.scope(inputs);
  if (placement !== undefined && scope !== undefined) {
    const { deadline, timeoutSeconds } = wait;
    const placed = await placeOnCandidates(client, {
      ...scope,
      deadline,
      timeoutSeconds,
      create: (candidate) => createdOnce(declaration, client, placement.onCandidate(inputs, candidate)),
    });
    return placed.created;
  }
  return createdOnce(declaration, client, inputs);
}
