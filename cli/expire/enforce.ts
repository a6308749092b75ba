import type { ComputePlatformClient } from "../../provider/client";
import { lifetimeOutputs, withoutLifetimeOutputs } from "../../provider/resources/lifetime/lifetimeOutputs";
import { ended } from "../../provider/resources/lifetime/record";
import { sameValue } from "../../provider/values/sameValue";
import type { Verdict } from "./verdicts";

/**
 * Carries out what is due through each kind's endings (a pod's stop or terminate is one action call, none for a pod
 * already stopped; a cluster's terminate is its delete), and returns the outputs to record, by URN, for every
 * resource whose record changed, acted on or only sampled.
 */
export async function enforce(client: ComputePlatformClient, verdicts: readonly Verdict[]): Promise<Map<string, Record<string, unknown>>> {
  const recorded = new Map<string, Record<string, unknown>>();
  for (const { resource, record, due, leftAlone, observed } of verdicts) {
    if (due !== undefined && leftAlone === undefined) {
      recorded.set(resource.urn, {
        ...withoutLifetimeOutputs(resource.outputs),
        ...(await resource.endings.end(client, resource.id, due.action, observed)),
        ...lifetimeOutputs(ended(record, due)),
      });
    } else if (!sameValue(record, resource.record)) {
      recorded.set(resource.urn, { ...withoutLifetimeOutputs(resource.outputs), ...lifetimeOutputs(record) });
    }
  }
  return recorded;
}
