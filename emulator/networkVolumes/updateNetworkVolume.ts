import { callerOf } from "../http/auth";
import { ownResource, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { idParam } from "../http/routing";
import { parseBody } from "../http/validation";
import { ownedNetworkVolume } from "../ownership";
import { updateNetworkVolumeRequest } from "../schemas";
import { volumeId } from "./parameters";

/** `PATCH /v2/network-volumes/{id}`: rename or grow a network volume; answers 400, 403, 404 as `spec.errors` says. */
export const updateNetworkVolume: Operation = {
  method: "PATCH",
  path: "/network-volumes/{id}",
  spec: {
    operationId: "updateNetworkVolume",
    summary: "Rename or grow a network volume",
    parameters: [volumeId],
    body: "UpdateNetworkVolumeRequest",
    ok: { status: 200, description: "The updated volume", schema: ref("NetworkVolume") },
    errors: {
      400: "Invalid body, neither name nor size, or a smaller size",
      ...ownResource("network volume", "write"),
    },
  },
  async handle(context, request) {
    const { store } = context;
    const { volume } = ownedNetworkVolume(store, callerOf(request), idParam(request));
    const patch = parseBody(updateNetworkVolumeRequest, request.body);
    if (patch.name === undefined && patch.size === undefined) {
      throw new Problem(400, "Send at least one of name or size");
    }
    if (patch.size !== undefined && patch.size < volume.size) {
      throw new Problem(400, `Network volume size cannot shrink (from ${volume.size} to ${patch.size} GB)`);
    }
    volume.name = patch.name ?? volume.name;
    volume.size = patch.size ?? volume.size;
    return { ...volume };
  },
};
