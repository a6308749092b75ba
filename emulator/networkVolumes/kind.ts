import { enumOf, integer, requestSchema, string, wireObject } from "../http/openapiBuilders";
import { type NetworkVolume, VOLUME_TYPES } from "../wire";
import { networkVolumes } from "./collection";
import { createNetworkVolume } from "./createNetworkVolume";
import { deleteNetworkVolume } from "./deleteNetworkVolume";
import { createNetworkVolumeRequest, updateNetworkVolumeRequest } from "./requests";
import { updateNetworkVolume } from "./updateNetworkVolume";

/** Network volumes: network storage in one data center, mounted into pods there. */
export const networkVolumeKind = networkVolumes.kind(
  { name: "Network Volumes", description: "Network storage in one data center, mounted into pods there." },
  [
    networkVolumes.list({ operationId: "listNetworkVolumes", summary: "List the account's network volumes", ok: "The network volumes" }),
    createNetworkVolume,
    networkVolumes.get({ operationId: "getNetworkVolume", summary: "Read a network volume", ok: "The volume" }),
    updateNetworkVolume,
    deleteNetworkVolume,
  ],
  {
    NetworkVolume: wireObject<NetworkVolume>({
      id: string,
      name: string,
      size: { ...integer, description: "GB" },
      dataCenter: string,
      type: enumOf(VOLUME_TYPES),
    }),
    CreateNetworkVolumeRequest: requestSchema(createNetworkVolumeRequest),
    UpdateNetworkVolumeRequest: requestSchema(updateNetworkVolumeRequest),
  },
);
