import type * as pulumi from "@pulumi/pulumi";
import { unknownUntilPlaced } from "../../placement/unknownUntilPlaced";
import type { ClusterInputs, ClusterMember, ClusterSummary, ClusterType } from "./inputs";
import type { ResourceArgs } from "../deepInput";
import type { ClusterLifetimeInputs } from "../lifetime/inputs";
import { PricedResource } from "../lifecycle/pricedResource";
import { declaredKind } from "../classKind";
import * as clusterProvider from "./cluster.provider";
import { cluster } from "./declaration";

export type * from "./inputs";

/** The arguments of a {@link Cluster}. */
export type ClusterArgs = ResourceArgs<ClusterInputs>;

/**
 * A cluster of identical GPU pods: TRAINING, APPLICATION, SLURM or RAY. Creating it returns once every member
 * is RUNNING (a member that goes to ERROR deletes the whole cluster and fails the deployment, leaving nothing
 * behind). Rank 0 is the primary: the SLURM controller or RAY head. Members are managed only through the
 * cluster; they are left out of `getPods` and refuse changes through the pod endpoints. Only `name` (and
 * `lifetime`, which only the provider keeps) changes in place; every other argument replaces the cluster.
 *
 * @example
 * const cluster = new cp.Cluster("hpc", {
 *   name: "hpc",
 *   type: "SLURM",
 *   compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 4 },
 *   image: "org/slurm:24",
 * });
 * export const controller = cluster.primary;
 */
export class Cluster extends PricedResource {
  /** What the kind registry knows of the class: its declaration and provider module. */
  static override readonly kind = declaredKind<Cluster>()(cluster, clusterProvider);

  declare readonly name: pulumi.Output<string>;
  declare readonly type: pulumi.Output<ClusterType>;
  declare readonly compute: pulumi.Output<ClusterSummary["compute"]>;
  /** Data center the members run in. */
  declare readonly dataCenterId: pulumi.Output<string>;
  /** Aggregate member counts: `total` and `byStatus`. */
  declare readonly pods: pulumi.Output<ClusterSummary["pods"]>;
  /** The members' private overlay network. */
  declare readonly network: pulumi.Output<NonNullable<ClusterSummary["network"]>>;
  /** The rank-0 member: its pod id, status and SSH command. */
  declare readonly primary: pulumi.Output<NonNullable<ClusterSummary["primary"]>>;
  declare readonly createdAt: pulumi.Output<string>;
  /** The member pods in rank order, each with its `cluster` place (rank, role, overlay IP); without `env` and `runtime`. */
  declare readonly members: pulumi.Output<ClusterMember[]>;
  declare readonly image: pulumi.Output<string>;
  declare readonly args: pulumi.Output<string>;
  declare readonly disk: pulumi.Output<number>;
  declare readonly env: pulumi.Output<Record<string, string>>;
  declare readonly ports: pulumi.Output<string[]>;
  declare readonly dataCenterIds: pulumi.Output<string[] | undefined>;
  declare readonly mounts: pulumi.Output<ClusterInputs["mounts"]>;
  declare readonly startSsh: pulumi.Output<boolean>;
  declare readonly startJupyter: pulumi.Output<boolean>;
  /** The lifetime the cluster runs under, as last created, updated or renewed. */
  declare readonly lifetime: pulumi.Output<ClusterLifetimeInputs | undefined>;
  /** When the cluster is next terminated by its lifetime (ISO 8601); undefined when nothing is to come. */
  declare readonly expiresAt: pulumi.Output<string | undefined>;
  /** `active`, `idle since <time>` or `terminated: lifetime`; undefined without a lifetime. */
  declare readonly lifetimeState: pulumi.Output<string | undefined>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The cluster's arguments; names are the v2 API's field names.
   * @param opts Resource options.
   */
  constructor(name: string, args: ClusterArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
    if (args.placement !== undefined) this.compute = unknownUntilPlaced(this, this.compute);
  }
}
