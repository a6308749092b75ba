import { callerOf } from "../http/auth";
import { listOf } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";

/** `GET /v2/network-volumes`: list the account's network volumes. */
export const listNetworkVolumes: Operation = {
  method: "GET",
  path: "/network-volumes",
  spec: {
    operationId: "listNetworkVolumes",
    summary: "List the account's network volumes",
    ok: { status: 200, description: "The network volumes", schema: listOf("networkVolumes", "NetworkVolume") },
  },
  async handle(context, request) {
    const { store } = context;
    const account = store.account(callerOf(request).account);
    return { networkVolumes: [...account.networkVolumes.values()].map((record) => ({ ...record.volume })) };
  },
};
