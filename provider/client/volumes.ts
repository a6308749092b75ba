import {
  type CreateNetworkVolumeRequest,
  type NetworkVolume,
  networkVolumeListSchema,
  networkVolumeSchema,
  type UpdateNetworkVolumeRequest,
} from "../schemas/networkVolume";
import type { Transport } from "./transport";

/** `/v2/network-volumes`: storage that pods in the same data center mount. */
export class NetworkVolumesClient {
  constructor(private readonly transport: Transport) {}

  async list(signal?: AbortSignal): Promise<NetworkVolume[]> {
    const { networkVolumes } = await this.transport.json({
      method: "GET",
      path: "/v2/network-volumes",
      schema: networkVolumeListSchema,
      signal,
    });
    return networkVolumes;
  }

  async get(id: string, signal?: AbortSignal): Promise<NetworkVolume> {
    return this.transport.json({ method: "GET", path: `/v2/network-volumes/${encodeURIComponent(id)}`, schema: networkVolumeSchema, signal });
  }

  async create(body: CreateNetworkVolumeRequest, signal?: AbortSignal): Promise<NetworkVolume> {
    return this.transport.json({ method: "POST", path: "/v2/network-volumes", body, schema: networkVolumeSchema, signal });
  }

  /** Renames or grows a volume; the data center and type never change in place. */
  async update(id: string, body: UpdateNetworkVolumeRequest, signal?: AbortSignal): Promise<NetworkVolume> {
    return this.transport.json({
      method: "PATCH",
      path: `/v2/network-volumes/${encodeURIComponent(id)}`,
      body,
      schema: networkVolumeSchema,
      signal,
    });
  }

  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.transport.json({ method: "DELETE", path: `/v2/network-volumes/${encodeURIComponent(id)}`, signal });
  }
}
