import { callerOf } from "../http/auth";
import { ownResource } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { idParam } from "../http/routing";
import { ownedNetworkVolume } from "../ownership";
import { volumeId } from "./parameters";

/** `DELETE /v2/network-volumes/{id}`: delete a network volume; answers 403, 404, 409 as `spec.errors` says. */
export const deleteNetworkVolume: Operation = {
  method: "DELETE",
  path: "/network-volumes/{id}",
  spec: {
    operationId: "deleteNetworkVolume",
    summary: "Delete a network volume",
    parameters: [volumeId],
    ok: { status: 204, description: "Deleted; no body" },
    errors: {
      ...ownResource("network volume", "write"),
      409: "A pod mounts the volume, or a serverless endpoint has it attached",
    },
  },
  async handle(context, request, reply) {
    const { store } = context;
    const record = ownedNetworkVolume(store, callerOf(request), idParam(request));
    const mountedBy = [...store.account(record.account).pods.values()]
      .filter((pod) => pod.mounts.network?.some((mount) => mount.volumeId === record.volume.id))
      .map((pod) => pod.id);
    if (mountedBy.length > 0) {
      const pods = `${mountedBy.length === 1 ? "pod" : "pods"} ${mountedBy.join(", ")}`;
      throw new Problem(409, `Network volume ${record.volume.id} is mounted by ${pods}; terminate the pods using it first`);
    }
    const attachedTo = [...store.account(record.account).endpoints.values()]
      .filter((endpoint) => endpoint.networkVolumes.includes(record.volume.id))
      .map((endpoint) => endpoint.id);
    if (attachedTo.length > 0) {
      const endpoints = `${attachedTo.length === 1 ? "endpoint" : "endpoints"} ${attachedTo.join(", ")}`;
      throw new Problem(409, `Network volume ${record.volume.id} is attached to ${endpoints}; detach it or delete them first`);
    }
    context.removeNetworkVolume(record);
    return reply.code(204).send();
  },
};
