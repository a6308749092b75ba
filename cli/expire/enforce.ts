import type { ComputePlatformClient } from "../../provider/client";
import { lifetimeOutputs, withoutLifetimeOutputs } from "../../provider/resources/lifetime/lifetimeOutputs";
import { ended } from "../../provider/resources/lifetime/record";
import { sameValue } from "../../provider/values/sameValue";
import type { Pod } from "../../provider/resources/pod/inputs";
import type { Verdict } from "./verdicts";

/** The live fields of a pod's outputs that a stop or a terminate changes. */
const ACTED_FIELDS = ["status", "actions", "cost", "startedAt", "ssh"] as const;

/**
 * Carries out what is due (one action call a pod: a stop, or a terminate; none for a pod already stopped), and
 * returns the outputs to record, by URN, for every pod whose record changed, acted on or only sampled.
 */
export async function enforce(client: ComputePlatformClient, verdicts: readonly Verdict[]): Promise<Map<string, Record<string, unknown>>> {
  const recorded = new Map<string, Record<string, unknown>>();
  for (const { pod, record, due, leftAlone, status } of verdicts) {
    if (due !== undefined && leftAlone === undefined) {
      const stopped = due.action === "stop" && status === "EXITED";
      const answer = stopped ? undefined : await client.pods.action(pod.id, due.action);
      recorded.set(pod.urn, {
        ...withoutLifetimeOutputs(pod.outputs),
        ...actedFields(answer, due.action),
        ...lifetimeOutputs(ended(record, due)),
      });
    } else if (!sameValue(record, pod.record)) {
      recorded.set(pod.urn, { ...withoutLifetimeOutputs(pod.outputs), ...lifetimeOutputs(record) });
    }
  }
  return recorded;
}

/** The pod's fields after the action, from its answer, or as the action leaves every pod when it answered nothing. */
function actedFields(answer: Pod | undefined, action: "stop" | "terminate"): Record<string, unknown> {
  if (answer !== undefined)
    return Object.fromEntries(ACTED_FIELDS.map((field) => [field, answer[field]]).filter(([, value]) => value !== undefined));
  return action === "stop" ? { status: "EXITED", cost: 0 } : { status: "TERMINATED", actions: [], cost: 0 };
}
