import type * as pulumi from "@pulumi/pulumi";
import { unknownUntilPlaced } from "../../placement/unknownUntilPlaced";
import type { DesiredStatus, Pod as WirePod, PodAction, PodGlobalNetworking, PodInputs, PodMounts, PodSsh, PodStatus } from "./inputs";
import type { Cloud } from "../../wire/catalog";
import type { ResourceArgs } from "../deepInput";
import { PricedResource } from "../lifecycle/pricedResource";
import { declaredKind } from "../classKind";
import * as podProvider from "./pod.provider";
import { pod } from "./declaration";
import type { LifetimeInputs } from "../lifetime/inputs";

export type * from "./inputs";

/** The arguments of a {@link Pod}. Every property accepts Inputs, at every level. */
export type PodArgs = ResourceArgs<PodInputs>;

/**
 * A GPU or CPU container pod. `create` waits until the pod is RUNNING (or EXITED, with
 * `desiredStatus: "EXITED"`); a pod that goes to ERROR is deleted and the deployment fails.
 *
 * Outputs are the v2 Pod's fields as last read, except the live metrics in `runtime`, which are not kept
 * in state (they change by the second); read them with `ComputePlatformClient.pods.get(id)`.
 *
 * @example
 * const pod = new cp.Pod("trainer", {
 *   name: "trainer", image: "org/trainer:1.2", gpu: { id: "NVIDIA A100 80GB PCIe", count: 2 },
 *   mounts: { network: [{ volumeId: volume.id, path: "/workspace" }] }, ports: ["22/tcp"],
 * });
 * export const ssh = pod.ssh;
 */
export class Pod extends PricedResource {
  /** What the kind registry knows of the class: its declaration and provider module. */
  static override readonly kind = declaredKind<Pod>()(pod, podProvider);

  /** Display name. */
  declare readonly name: pulumi.Output<string>;
  /** Lifecycle status when last read. */
  declare readonly status: pulumi.Output<PodStatus>;
  /** Transitions valid in the current status. */
  declare readonly actions: pulumi.Output<PodAction[]>;
  declare readonly image: pulumi.Output<string>;
  declare readonly args: pulumi.Output<string>;
  /** Ephemeral container disk in GB. */
  declare readonly disk: pulumi.Output<number>;
  declare readonly mounts: pulumi.Output<PodMounts>;
  /** GPU allocation; undefined for CPU pods. */
  declare readonly gpu: pulumi.Output<WirePod["gpu"]>;
  /** CPU allocation; undefined for GPU pods. */
  declare readonly cpu: pulumi.Output<WirePod["cpu"]>;
  declare readonly cloud: pulumi.Output<Cloud>;
  /** Data center the scheduler placed the pod in. */
  declare readonly dataCenterId: pulumi.Output<string | null>;
  /** CUDA version reported by the host; null when unknown or not applicable. */
  declare readonly cudaVersion: pulumi.Output<string | null>;
  /** SSH endpoints: `proxy` (shell only) and `direct` (full SSH, needs `22/tcp`); each null until available. */
  declare readonly ssh: pulumi.Output<PodSsh>;
  /** Id of the template the pod was created from. */
  declare readonly template: pulumi.Output<string | null>;
  /** Cost in USD per hour when last read; 0 when stopped. */
  declare readonly cost: pulumi.Output<number>;
  declare readonly locked: pulumi.Output<boolean>;
  declare readonly globalNetworking: pulumi.Output<PodGlobalNetworking>;
  /** Environment, including keys the service injected. Stored as a secret. */
  declare readonly env: pulumi.Output<Record<string, string>>;
  declare readonly ports: pulumi.Output<string[]>;
  declare readonly registry: pulumi.Output<string | null>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly startedAt: pulumi.Output<string | null>;
  /** Power state this resource holds the pod in. */
  declare readonly desiredStatus: pulumi.Output<DesiredStatus>;
  /** The lifetime the pod runs under, as last created, updated or renewed. */
  declare readonly lifetime: pulumi.Output<LifetimeInputs | undefined>;
  /** When the pod is next stopped or terminated by its lifetime (ISO 8601); undefined when nothing is to come. */
  declare readonly expiresAt: pulumi.Output<string | undefined>;
  /** `active`, `idle since <time>`, `stopped: lifetime` or `terminated: lifetime`; undefined without a lifetime. */
  declare readonly lifetimeState: pulumi.Output<string | undefined>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The pod's arguments; names are the v2 API's field names.
   * @param opts Resource options.
   */
  constructor(name: string, args: PodArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
    if (args.placement !== undefined) this.gpu = unknownUntilPlaced(this, this.gpu);
  }
}
