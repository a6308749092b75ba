import { CLUSTER_MEMBER_ENV_KEYS, type CheckedClusterInputs } from "./inputs";
import type { MountsInputs } from "../pod/inputs";
import { userEnv } from "../pod/outputs";
import { mountKind } from "../pod/mounts";
import type { LiveCluster } from "./outputs";

/**
 * The arguments the live cluster reports: the summary's `name`, `type` and `compute`, and the container settings of
 * its rank-0 member (the summary reports none), its env without what the service gives each member. What neither
 * reports (`startSsh`, `startJupyter`, `dataCenterIds`, `placement`) is left out.
 */
export function clusterInputsFromLive({ name, type, compute, members = [] }: LiveCluster): Partial<CheckedClusterInputs> {
  const [primary] = members;
  if (primary === undefined) return { name, type, compute };
  const { image, args, disk, ports, mounts, env } = primary;
  return {
    name,
    type,
    compute,
    image,
    args,
    disk,
    env: userEnv(env, {}, CLUSTER_MEMBER_ENV_KEYS),
    ports,
    ...(mountKind(mounts as MountsInputs) === "none" ? {} : { mounts: mounts as MountsInputs }),
  };
}
