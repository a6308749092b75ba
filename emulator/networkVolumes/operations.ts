import type { Operation } from "../http/operation";
import { createNetworkVolume } from "./createNetworkVolume";
import { deleteNetworkVolume } from "./deleteNetworkVolume";
import { getNetworkVolume } from "./getNetworkVolume";
import { listNetworkVolumes } from "./listNetworkVolumes";
import { updateNetworkVolume } from "./updateNetworkVolume";

/** Every operation on `/v2/network-volumes`, one file each, in the order the OpenAPI description lists them. */
export const NETWORK_VOLUME_OPERATIONS: readonly Operation[] = [
  listNetworkVolumes,
  createNetworkVolume,
  getNetworkVolume,
  updateNetworkVolume,
  deleteNetworkVolume,
];
