import { findDataCenter } from "../catalog/offers";
import { callerOf } from "../http/auth";
import { READ_ONLY_KEY, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { parseBody } from "../http/validation";
import { createNetworkVolumeRequest } from "../schemas";
import { type NetworkVolume } from "../wire";

/** `POST /v2/network-volumes`: create a network volume; answers 400, 403 as `spec.errors` says. */
export const createNetworkVolume: Operation = {
  method: "POST",
  path: "/network-volumes",
  spec: {
    operationId: "createNetworkVolume",
    summary: "Create a network volume",
    body: "CreateNetworkVolumeRequest",
    ok: { status: 201, description: "The created volume", schema: ref("NetworkVolume") },
    errors: {
      400: "Invalid body, an unknown data center, or one that does not offer the volume type",
      403: READ_ONLY_KEY,
    },
  },
  async handle(context, request, reply) {
    const { store } = context;
    const caller = callerOf(request);
    const body = parseBody(createNetworkVolumeRequest, request.body);
    const dataCenter = findDataCenter(body.dataCenter);
    if (dataCenter === undefined) throw new Problem(400, `Unknown data center "${body.dataCenter}"`);
    if (!dataCenter.networkVolumeTypes.includes(body.type)) {
      const offered = dataCenter.networkVolumeTypes.join(", ") || "none";
      throw new Problem(400, `Data center ${dataCenter.id} does not offer ${body.type} network volumes (it offers: ${offered})`);
    }
    const volume: NetworkVolume = { id: store.newId(), ...body };
    store.account(caller.account).networkVolumes.set(volume.id, { account: caller.account, createdAt: context.now(), volume });
    return reply.code(201).send({ ...volume });
  },
};
