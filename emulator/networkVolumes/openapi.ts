import { enumOf, integer, requestSchema, string, type TagSection, wireObject } from "../http/openapiBuilders";
import { pathsOf } from "../http/operation";
import { createNetworkVolumeRequest, updateNetworkVolumeRequest } from "../schemas";
import { type NetworkVolume, VOLUME_TYPES } from "../wire";
import { NETWORK_VOLUME_OPERATIONS } from "./operations";

const tag = { name: "Network Volumes", description: "Network storage in one data center, mounted into pods there." };

export const networkVolumes: TagSection = {
  tag,
  schemas: {
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
  paths: pathsOf(tag.name, NETWORK_VOLUME_OPERATIONS),
};
