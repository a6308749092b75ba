import { callerOf } from "../http/auth";
import { ownResource, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { ownedNetworkVolume } from "../ownership";
import { volumeId } from "./parameters";

/** `GET /v2/network-volumes/{id}`: read a network volume; answers 403, 404 as `spec.errors` says. */
export const getNetworkVolume: Operation = {
  method: "GET",
  path: "/network-volumes/{id}",
  spec: {
    operationId: "getNetworkVolume",
    summary: "Read a network volume",
    parameters: [volumeId],
    ok: { status: 200, description: "The volume", schema: ref("NetworkVolume") },
    errors: ownResource("network volume", "read"),
  },
  async handle(context, request) {
    const { store } = context;
    return { ...ownedNetworkVolume(store, callerOf(request), idParam(request)).volume };
  },
};
