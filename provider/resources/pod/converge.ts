import type { ComputePlatformClient } from "../../client";
import type { CheckedPodInputs, Pod } from "./inputs";
import type { Readiness } from "../lifecycle/declaration";
import { podInheritedEnvKeys, type PodOutputs } from "./outputs";
import { podPatch } from "./patch";
import { ComputePlatformError } from "../../errors";

/**
 * A pod is usable in its desired status: it is converged after a create, at adopt and at every update (a change of
 * `desiredStatus` starts or stops it). The env keys it keeps from its template are those of a new or adopted pod
 * the program does not set, and at an update those recorded, while the template stays the same.
 */
export const podReadiness: Readiness<CheckedPodInputs, Pod, PodOutputs> = {
  converge: (live, inputs, { client, deadline, timeoutSeconds }, previous) => {
    const sameTemplate = inputs.templateId !== undefined && inputs.templateId === previous?.templateId;
    const inherited = previous === undefined ? podInheritedEnvKeys(live, inputs) : sameTemplate ? (previous.inheritedEnvKeys ?? []) : [];
    return converge(client, live, inputs, deadline, timeoutSeconds, inherited);
  },
  atUpdate: true,
  state: (inputs) => inputs.desiredStatus,
};

/**
 * Brings an existing pod to the arguments: PATCHes what differs (keeping the env keys it `inherited` from its
 * template), recovers it from ERROR, starts or stops it, and waits for the desired status. A locked pod
 * refuses to stop, so a lock is lifted before a stop and put back at the end.
 */
async function converge(
  client: ComputePlatformClient,
  live: Pod,
  news: CheckedPodInputs,
  deadline: number,
  timeoutSeconds: number,
  inherited: readonly string[],
): Promise<Pod> {
  const { locked: lockChange, ...changes } = podPatch(live, news, inherited);
  const mustStop = news.desiredStatus === "EXITED" && live.status !== "EXITED";
  const unlockFirst = live.locked && (lockChange === false || mustStop);
  let pod = live;
  if (Object.keys(changes).length > 0 || unlockFirst) {
    pod = await client.pods.update(pod.id, { ...changes, ...(unlockFirst ? { locked: false } : {}) });
  }
  // ERROR is unrecoverable for the container, not for the pod: `start` boots it again.
  if (pod.status === "ERROR") pod = (await client.pods.action(pod.id, "start")) ?? (await client.pods.get(pod.id));

  pod = await waitForStatus(client, pod.id, pod.status === "EXITED" ? "EXITED" : "RUNNING", deadline, timeoutSeconds);
  if (news.desiredStatus === "RUNNING" && pod.status === "EXITED") await client.pods.action(pod.id, "start");
  if (news.desiredStatus === "EXITED" && pod.status !== "EXITED") await client.pods.action(pod.id, "stop");
  // Already there (the usual case): another wait would cost one more list and one more poll interval.
  if (pod.status !== news.desiredStatus) pod = await waitForStatus(client, pod.id, news.desiredStatus, deadline, timeoutSeconds);

  if (news.locked && !pod.locked) pod = await client.pods.update(pod.id, { locked: true });
  return pod;
}

class PodFailedError extends ComputePlatformError {
  override readonly name = "PodFailedError";
}

/** Waits (through the shared poller) until the pod is in `target`; ERROR fails at once. */
async function waitForStatus(
  client: ComputePlatformClient,
  id: string,
  target: "RUNNING" | "EXITED",
  deadline: number,
  timeoutSeconds: number,
): Promise<Pod> {
  const pod = await client.podWatcher.waitFor({
    id,
    wanted: target,
    deadline,
    timeoutSeconds,
    until: (current) => {
      if (!current || current.status === "TERMINATED")
        throw new PodFailedError(`pod ${id} disappeared while waiting for it to become ${target}`);
      if (current.status === "ERROR") throw new PodFailedError(`pod ${id} went to ERROR`);
      return current.status === target;
    },
  });
  return pod as Pod;
}
