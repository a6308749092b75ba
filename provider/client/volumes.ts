import {
  type CreateNetworkVolumeRequest,
  type NetworkVolume,
  networkVolumeSchema,
  type UpdateNetworkVolumeRequest,
} from "../resources/networkVolume/inputs";
import { CollectionClient } from "./collection";
import type { Transport } from "./transport";

/**
 * `/v2/network-volumes`: storage that pods in the same data center mount. An update renames or grows a volume; the
 * data center and type never change in place.
 */
export class NetworkVolumesClient extends CollectionClient<NetworkVolume, CreateNetworkVolumeRequest, UpdateNetworkVolumeRequest> {
  constructor(transport: Transport) {
    super(transport, "/v2/network-volumes", "networkVolumes", networkVolumeSchema);
  }
}
