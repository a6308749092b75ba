import type { FastifyInstance } from "fastify";
import { callerOf } from "../http/auth";
import { findDataCenter } from "../catalog/offers";
import type { EmulatorContext } from "../context";
import { ownedNetworkVolume } from "../ownership";
import { Problem } from "../http/problem";
import { idParam, serveMethods } from "../http/routing";
import { createNetworkVolumeRequest, updateNetworkVolumeRequest } from "../schemas";
import { parseBody } from "../http/validation";
import type { NetworkVolume } from "../wire";

/** `/v2/network-volumes` and `/v2/network-volumes/{id}`. */
export function registerNetworkVolumeRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const { store } = context;

  serveMethods(app, "/network-volumes", {
    /** `GET /v2/network-volumes` (listNetworkVolumes): list the account's network volumes. */
    GET: async (request) => {
      const account = store.account(callerOf(request).account);
      return { networkVolumes: [...account.networkVolumes.values()].map((record) => ({ ...record.volume })) };
    },

    /**
     * `POST /v2/network-volumes` (createNetworkVolume): create a network volume. Errors: 400: invalid body, an
     * unknown data center, or one that does not offer the volume type; 403: a read-only key.
     */
    POST: async (request, reply) => {
      const caller = callerOf(request);
      const body = parseBody(createNetworkVolumeRequest, request.body);
      const dataCenter = findDataCenter(body.dataCenter);
      if (dataCenter === undefined) throw new Problem(400, `Unknown data center "${body.dataCenter}"`);
      if (!dataCenter.networkVolumeTypes.includes(body.type)) {
        const offered = dataCenter.networkVolumeTypes.join(", ") || "none";
        throw new Problem(
          400,
          `Data center ${dataCenter.id} does not offer ${body.type} network volumes (it offers: ${offered})`,
        );
      }
      const volume: NetworkVolume = { id: store.newId(), ...body };
      store.account(caller.account).networkVolumes.set(volume.id, { account: caller.account, createdAt: context.now(), volume });
      return reply.code(201).send({ ...volume });
    },
  });

  serveMethods(app, "/network-volumes/:id", {
    /**
     * `GET /v2/network-volumes/{id}` (getNetworkVolume): read a network volume. Errors: 403: the network volume
     * belongs to another account; 404: no such network volume.
     */
    GET: async (request) => ({ ...ownedNetworkVolume(store, callerOf(request), idParam(request)).volume }),

    /**
     * `PATCH /v2/network-volumes/{id}` (updateNetworkVolume): rename or grow a network volume. Errors: 400: invalid
     * body, neither name nor size, or a smaller size; 403: a read-only key, or the network volume belongs to another
     * account; 404: no such network volume.
     */
    PATCH: async (request) => {
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

    /**
     * `DELETE /v2/network-volumes/{id}` (deleteNetworkVolume): delete a network volume. Errors: 403: a read-only key,
     * or the network volume belongs to another account; 404: no such network volume; 409: a pod mounts the volume, or
     * a serverless endpoint has it attached.
     */
    DELETE: async (request, reply) => {
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
  });
}
