import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { CheckedClusterInputs, ClusterSummary, ClusterMember, CreateClusterRequest } from "../schemas/cluster";
import type { Pod } from "../schemas/pod";
import { diffResult } from "./lifecycle/diffResult";
import { sameValue } from "./lifecycle/sameValue";
import { stripUndefined } from "./lifecycle/engineProperties";

/**
 * A `Cluster` resource's outputs: the v2 cluster summary without `id` (Pulumi reserves it), the arguments the
 * summary does not report, and the member pods in rank order.
 */
export type ClusterOutputs = Omit<ClusterSummary, "id"> &
  Omit<CheckedClusterInputs, keyof ClusterSummary> & {
    /** The member pods in rank order, without `env` and `runtime`. */
    members: ClusterMember[];
  };

/** Fixed at create: a change to any of them replaces the cluster. */
const REPLACING_FIELDS = [
  "type",
  "compute",
  "image",
  "args",
  "disk",
  "env",
  "ports",
  "mounts",
  "startSsh",
  "startJupyter",
] as const satisfies ReadonlyArray<keyof ClusterOutputs & keyof CheckedClusterInputs>;

/** What state records for a cluster: the live summary and members, and the arguments as declared. */
export function clusterOutputs(cluster: ClusterSummary, members: readonly Pod[], inputs: CheckedClusterInputs): ClusterOutputs {
  const { id: _id, ...summary } = cluster;
  return stripUndefined({
    ...inputs,
    ...summary,
    members: members.map(({ env: _env, runtime: _runtime, ...member }) => member),
  });
}

/** Only `name` changes in place; every other argument replaces, `dataCenterIds` only when it excludes the cluster's data center. */
export function diffCluster(olds: ClusterOutputs, news: CheckedClusterInputs): dynamic.DiffResult {
  const replaces: string[] = REPLACING_FIELDS.filter((field) => !sameValue(olds[field], news[field]));
  if (news.dataCenterIds !== undefined && olds.dataCenterId !== undefined && !news.dataCenterIds.includes(olds.dataCenterId)) {
    replaces.push("dataCenterIds");
  }
  return diffResult(olds.name === news.name ? [] : ["name"], replaces);
}

/** The create body for the arguments. */
export function createRequest(inputs: CheckedClusterInputs): CreateClusterRequest {
  const { adopt: _adopt, readyTimeoutSeconds: _timeout, ...body } = inputs;
  return body;
}

/** Whether a listed cluster is what this create request would have made. */
export function sameCreateRequest(cluster: ClusterSummary, request: CreateClusterRequest): boolean {
  return cluster.name === request.name && cluster.type === request.type && sameValue(cluster.compute, request.compute);
}

/** The member that keeps the cluster from being usable, if any: one in ERROR or gone. */
export function failedMember(members: readonly Pod[]): Pod | undefined {
  return members.find((member) => member.status === "ERROR" || member.status === "TERMINATED");
}
