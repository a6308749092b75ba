import type * as pulumi from "@pulumi/pulumi";
import type { NetworkVolumeInputs } from "./inputs";
import type { VolumeType } from "../../wire/catalog";
import type { ResourceArgs } from "../deepInput";
import { PricedResource } from "../lifecycle/pricedResource";
import { declaredKind } from "../classKind";
import * as networkVolumeProvider from "./networkVolume.provider";
import { networkVolume } from "./declaration";

export type * from "./inputs";

/** The arguments of a {@link NetworkVolume}. */
export type NetworkVolumeArgs = ResourceArgs<NetworkVolumeInputs>;

/**
 * Storage in one data center that pods there mount with `mounts.network`. It outlives the pods; growing
 * it and renaming it happen in place, a new data center or type replaces it.
 *
 * @example
 * const volume = new cp.NetworkVolume("data", { name: "data", size: 100, dataCenter: "US-TX-3" });
 */
export class NetworkVolume extends PricedResource {
  /** What the kind registry knows of the class: its declaration and provider module. */
  static override readonly kind = declaredKind<NetworkVolume>()(networkVolume, networkVolumeProvider);

  declare readonly name: pulumi.Output<string>;
  /** Size in GB. */
  declare readonly size: pulumi.Output<number>;
  /** Data center id. */
  declare readonly dataCenter: pulumi.Output<string>;
  declare readonly type: pulumi.Output<VolumeType>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The volume's arguments; names are the v2 API's field names.
   * @param opts Resource options.
   */
  constructor(name: string, args: NetworkVolumeArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
  }
}
