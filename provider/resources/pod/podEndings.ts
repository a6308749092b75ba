import { unlessNotFound } from "../unlessNotFound";
import type { LifetimeEndings } from "../lifetime/endings";
import { gpuUtilization } from "./gpuUtilization";
import type { Pod } from "./inputs";

/** The live fields of a pod's outputs that a stop or a terminate changes. */
const ACTED_FIELDS = ["status", "actions", "cost", "startedAt", "ssh"] as const;

/**
 * A pod's lifetime stops it (its container disk kept, GPU billing ended) or terminates it, each with one action
 * call; the program holds a stopped pod stopped through `desiredStatus`, and its `RUNNING` after `EXITED` starts it.
 */
export const podEndings: LifetimeEndings = {
  type: "Pod",
  what: "pod",
  stop: {
    held: (news) => ({ ...news, desiredStatus: "EXITED" }),
    startedBy: (olds, news) => olds.desiredStatus === "EXITED" && news.desiredStatus === "RUNNING",
  },
  async end(client, id, action, observed) {
    // A pod already stopped needs no call.
    const answer =
      action === "stop" && observed?.status === "EXITED" ? undefined : await unlessNotFound(() => client.pods.action(id, action));
    if (answer !== undefined)
      return Object.fromEntries(ACTED_FIELDS.map((field) => [field, answer[field]]).filter(([, value]) => value !== undefined));
    return action === "stop" ? { status: "EXITED", cost: 0 } : { status: "TERMINATED", actions: [], cost: 0 };
  },
  observe(pods, id) {
    const pod: Pod | undefined = pods.find((listed) => listed.id === id);
    if (pod === undefined || pod.status === "TERMINATED") return undefined;
    return {
      status: pod.status,
      gpuUtilization: pod.status === "RUNNING" ? gpuUtilization(pod) : undefined,
      hourlyCost: pod.cost,
      refuses: (action) =>
        action === "stop" && pod.locked && pod.status !== "EXITED" ? "locked: the service refuses to stop it" : undefined,
      podIds: [id],
    };
  },
};
