import { ownResource } from "../http/openapiBuilders";
import { Problem } from "../http/problem";
import { networkVolumes } from "./collection";

/** `DELETE /v2/network-volumes/{id}`: delete a network volume; answers 403, 404, 409 as `errors` says. */
export const deleteNetworkVolume = networkVolumes.delete({
  operationId: "deleteNetworkVolume",
  summary: "Delete a network volume",
  ok: "Deleted; no body",
  errors: {
    ...ownResource("network volume", "write"),
    409: "A pod mounts the volume, or a serverless endpoint has it attached",
  },
  remove(record, context) {
    const { store } = context;
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
    networkVolumes.retire(store, record, context.now());
  },
});
