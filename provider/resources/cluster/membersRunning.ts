import type { ComputePlatformClient } from "../../client";
import type { CheckedClusterInputs } from "./inputs";
import type { Pod } from "../pod/inputs";
import type { Readiness } from "../lifecycle/declaration";
import type { ClusterOutputs, LiveCluster } from "./outputs";
import { ComputePlatformError } from "../../errors";

class MemberFailedError extends ComputePlatformError {
  override readonly name = "MemberFailedError";
}

/**
 * A cluster is usable when all its members are RUNNING, which a create and an adopt wait for (an adopted one is
 * renamed to the arguments first); an update only renames it. A failed member is named with its rank.
 */
export const membersRunning: Readiness<CheckedClusterInputs, LiveCluster, ClusterOutputs> = {
  async converge(live, inputs, { client, deadline, timeoutSeconds }) {
    if (live.name !== inputs.name) await client.clusters.rename(live.id, inputs.name);
    const members = await waitUntilRunning(client, live.id, deadline, timeoutSeconds);
    return { ...(await client.clusters.get(live.id)), members };
  },
  state: () => "usable",
  label: (inputs, id) => `cluster "${inputs.name}" (${id})`,
  deletedWith: "with its members",
};

/**
 * Waits (through the shared poller, which lists every pod once per tick) until every member is RUNNING, and
 * returns the members in rank order. A member in ERROR, or gone, fails the wait at once, naming it.
 */
async function waitUntilRunning(client: ComputePlatformClient, id: string, deadline: number, timeoutSeconds: number): Promise<Pod[]> {
  const members = await client.clusters.pods(id);
  await Promise.all(
    members.map((member) =>
      client.podWatcher.waitFor({
        id: member.id,
        wanted: "RUNNING",
        deadline,
        timeoutSeconds,
        until: (pod) => {
          const which = `member ${member.id} (${member.name})`;
          if (!pod || pod.status === "TERMINATED") throw new MemberFailedError(`${which} disappeared`);
          if (pod.status === "ERROR") throw new MemberFailedError(`${which}, rank ${pod.cluster?.rank ?? "unassigned"}, went to ERROR`);
          return pod.status === "RUNNING";
        },
      }),
    ),
  );
  return client.clusters.pods(id);
}
