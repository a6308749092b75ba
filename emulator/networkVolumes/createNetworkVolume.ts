import { findDataCenter } from "../catalog/offers";
import { READ_ONLY_KEY } from "../http/openapiBuilders";
import { Problem } from "../http/problem";
import { networkVolumes } from "./collection";
import { createNetworkVolumeRequest } from "./requests";

/** `POST /v2/network-volumes`: create a network volume; answers 400, 403 as `errors` says. */
export const createNetworkVolume = networkVolumes.create({
  operationId: "createNetworkVolume",
  summary: "Create a network volume",
  bodySchema: "CreateNetworkVolumeRequest",
  body: createNetworkVolumeRequest,
  ok: "The created volume",
  errors: {
    400: "Invalid body, an unknown data center, or one that does not offer the volume type",
    403: READ_ONLY_KEY,
  },
  make(body, context, caller) {
    const dataCenter = findDataCenter(body.dataCenter);
    if (dataCenter === undefined) throw new Problem(400, `Unknown data center "${body.dataCenter}"`);
    if (!dataCenter.networkVolumeTypes.includes(body.type)) {
      const offered = dataCenter.networkVolumeTypes.join(", ") || "none";
      throw new Problem(400, `Data center ${dataCenter.id} does not offer ${body.type} network volumes (it offers: ${offered})`);
    }
    return { account: caller.account, createdAt: context.now(), volume: { id: context.store.newId(), ...body } };
  },
});
