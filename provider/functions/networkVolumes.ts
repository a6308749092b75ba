import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeepInput } from "../resources/deepInput";
import type { NetworkVolume } from "../resources/networkVolume/inputs";
import { sharedClient } from "../sharedClient";
import { outputForm } from "./outputForm";
import { matching } from "./matching";
import { parseArgs } from "./parseArgs";
import { readById } from "./readById";

/** Arguments of {@link getNetworkVolume}. */
export interface GetNetworkVolumeArgs {
  /** Id of one of the account's network volumes. */
  id: string;
}

/** Arguments of {@link getNetworkVolumes}. Every filter is optional; together they narrow the list. */
export interface GetNetworkVolumesArgs {
  /** Only volumes with exactly this name. */
  name?: string;
  /** Only volumes in this data center, where pods that mount them must run. @example "US-TX-3" */
  dataCenter?: string;
}

/** Result of {@link getNetworkVolumes}, shaped as the v2 network volume list. */
export interface GetNetworkVolumesResult {
  /** The matching volumes, in the order the API lists them. */
  networkVolumes: NetworkVolume[];
}

const getNetworkVolumesArgsSchema = z.strictObject({ name: z.string().optional(), dataCenter: z.string().optional() });

/**
 * One of the account's network volumes as the v2 API returns it now, to mount on a pod without managing the
 * volume in this stack. Fails with a message naming the id when the account has no such volume.
 *
 * @example
 * const data = await cp.getNetworkVolume({ id: "vol4k2m9qx" });
 */
export async function getNetworkVolume(args: GetNetworkVolumeArgs): Promise<NetworkVolume> {
  return readById("getNetworkVolume", "network volume", args, (id) => sharedClient().networkVolumes.get(id));
}

/** {@link getNetworkVolume} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getNetworkVolumeOutput(args: DeepInput<GetNetworkVolumeArgs>): pulumi.Output<NetworkVolume> {
  return outputForm(getNetworkVolume, args);
}

/**
 * The account's network volumes, optionally narrowed to one name or data center.
 *
 * @example
 * const { networkVolumes } = await cp.getNetworkVolumes({ name: "datasets", dataCenter: "US-TX-3" });
 */
export async function getNetworkVolumes(args: GetNetworkVolumesArgs = {}): Promise<GetNetworkVolumesResult> {
  const filters = parseArgs("getNetworkVolumes", getNetworkVolumesArgsSchema, args);
  // The API filters nothing; name and data center are matched here.
  return { networkVolumes: matching(await sharedClient().networkVolumes.list(), filters) };
}

/** {@link getNetworkVolumes} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getNetworkVolumesOutput(args?: DeepInput<GetNetworkVolumesArgs>): pulumi.Output<GetNetworkVolumesResult> {
  return outputForm<GetNetworkVolumesArgs, GetNetworkVolumesResult>(getNetworkVolumes, args);
}
