import { ownResource } from "../http/openapiBuilders";
import { Problem } from "../http/problem";
import { networkVolumes } from "./collection";
import { updateNetworkVolumeRequest } from "./requests";

/** `PATCH /v2/network-volumes/{id}`: rename or grow a network volume; answers 400, 403, 404 as `errors` says. */
export const updateNetworkVolume = networkVolumes.update({
  operationId: "updateNetworkVolume",
  summary: "Rename or grow a network volume",
  bodySchema: "UpdateNetworkVolumeRequest",
  body: updateNetworkVolumeRequest,
  ok: "The updated volume",
  errors: {
    400: "Invalid body, neither name nor size, or a smaller size",
    ...ownResource("network volume", "write"),
  },
  apply({ volume }, patch) {
    if (patch.name === undefined && patch.size === undefined) {
      throw new Problem(400, "Send at least one of name or size");
    }
    if (patch.size !== undefined && patch.size < volume.size) {
      throw new Problem(400, `Network volume size cannot shrink (from ${volume.size} to ${patch.size} GB)`);
    }
    volume.name = patch.name ?? volume.name;
    volume.size = patch.size ?? volume.size;
  },
});
