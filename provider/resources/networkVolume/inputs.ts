import { z } from "zod";
import { type VolumeType, volumeTypes } from "../../wire/catalog";
import type { Named } from "../autoName";

/** The arguments of a `NetworkVolume`, as plain values. */
export interface NetworkVolumeInputs {
  /**
   * Display name.
   * Without it, the resource is named after its logical name, a dash and seven random hex digits, and
   * keeps that name across updates.
   * @minLength 1
   */
  name?: string;
  /**
   * Size in GB, 10 to 4096. Grows in place; shrinking is refused by the service.
   * @TJS-type integer
   * @minimum 10
   * @maximum 4096
   */
  size: number;
  /**
   * Data center id, for example `"US-TX-3"`. Pods that mount the volume run there.
   * @minLength 1
   */
  dataCenter: string;
  /** Storage class. @default "STANDARD" */
  type?: VolumeType;
  /** Id of an existing network volume to take over instead of creating one; it is then updated to these arguments. */
  adopt?: string;
}

/** Validates and normalises `NetworkVolume` arguments before any API call. */
export const networkVolumeInputsSchema = z.strictObject({
  name: z.string().min(1),
  size: z.int().min(10).max(4096),
  dataCenter: z.string().min(1),
  type: z.enum(volumeTypes).optional(),
  adopt: z.string().min(1).optional(),
});

// Compile-time proof that the validator and the documented argument type agree.
const networkVolumeInputsMatch: z.ZodType<Named<NetworkVolumeInputs>, Named<NetworkVolumeInputs>> = networkVolumeInputsSchema;
void networkVolumeInputsMatch;

export const networkVolumeSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.int(),
  dataCenter: z.string(),
  type: z.enum(volumeTypes),
});

/** A network volume as the v2 API returns it. */
export type NetworkVolume = z.infer<typeof networkVolumeSchema>;

/** Body of `POST /v2/network-volumes`. */
export type CreateNetworkVolumeRequest = Omit<NetworkVolumeInputs, "adopt">;

/** Body of `PATCH /v2/network-volumes/{id}`. */
export type UpdateNetworkVolumeRequest = Partial<Pick<NetworkVolumeInputs, "name" | "size">>;
