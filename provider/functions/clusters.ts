import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeepInput } from "../resources/deepInput";
import { type ClusterSummary, type ClusterType, clusterTypes } from "../resources/cluster/inputs";
import { sharedClient } from "../sharedClient";
import { outputForm } from "./outputForm";
import { matching } from "./matching";
import { parseArgs } from "./parseArgs";
import { readById } from "./readById";

/** Arguments of {@link getCluster}. */
export interface GetClusterArgs {
  /** Id of one of the account's clusters. */
  id: string;
}

/** Arguments of {@link getClusters}. */
export interface GetClustersArgs {
  /** Only clusters with exactly this name. */
  name?: string;
  /** Only clusters of this type. */
  type?: ClusterType;
}

/** Result of {@link getClusters}, shaped as the v2 cluster list. */
export interface GetClustersResult {
  clusters: ClusterSummary[];
}

const getClustersArgsSchema = z.strictObject({ name: z.string().optional(), type: z.enum(clusterTypes).optional() });

/**
 * A cluster summary as the v2 API returns it now (aggregate member counts and the primary). Fails with a message
 * naming the id when the account has no such cluster.
 *
 * @example
 * const hpc = await cp.getCluster({ id: "c0ffee1234" });
 */
export async function getCluster(args: GetClusterArgs): Promise<ClusterSummary> {
  return readById("getCluster", "cluster", args, (id) => sharedClient().clusters.get(id));
}

/** {@link getCluster} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getClusterOutput(args: DeepInput<GetClusterArgs>): pulumi.Output<ClusterSummary> {
  return outputForm(getCluster, args);
}

/**
 * The account's clusters, optionally narrowed to one name or type.
 *
 * @example
 * const { clusters } = await cp.getClusters({ type: "SLURM" });
 */
export async function getClusters(args: GetClustersArgs = {}): Promise<GetClustersResult> {
  const filters = parseArgs("getClusters", getClustersArgsSchema, args);
  // The API filters nothing; name and type are matched here.
  return { clusters: matching(await sharedClient().clusters.list(), filters) };
}

/** {@link getClusters} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getClustersOutput(args?: DeepInput<GetClustersArgs>): pulumi.Output<GetClustersResult> {
  return outputForm<GetClustersArgs, GetClustersResult>(getClusters, args);
}
