import type { ComputePlatformClient } from "../../client";
import { placeOnCandidates } from "../../placement/placeOnCandidates";
import type { Placement, Wait } from "./declaration";

/**
 * Creates the resource as the arguments ask, or, where `placement` leaves a choice, on the first acceptable
 * configuration with capacity (waiting for one until the deadline). `createOn` sends one create, once.
 */
export async function placedCreate<Inputs, Created>(
  client: ComputePlatformClient,
  inputs: Inputs,
  placement: Placement<Inputs> | undefined,
  wait: Wait,
  createOn: (sent: Inputs) => Promise<Created>,
): Promise<Created> {
  const scope = placement?.scope(inputs);
  if (placement === undefined || scope === undefined) return createOn(inputs);
  const { deadline, timeoutSeconds } = wait;
  const placed = await placeOnCandidates(client, {
    ...scope,
    deadline,
    timeoutSeconds,
    create: (candidate) => createOn(placement.onCandidate(inputs, candidate)),
  });
  return placed.created;
}
