import {
  type CreateNetworkVolumeRequest,
  type NetworkVolume,
  networkVolumeListSchema,
  networkVolumeSchema,
  type UpdateNetworkVolumeRequest,
} from "../resources/networkVolume/inputs";
import { ApiResource } from "./apiResource";
import type { RequestOptions, Transport } from "./transport";

/** `/v2/network-volumes`: storage that pods in the same data center mount. */
export class NetworkVolumesClient extends ApiResource {
  constructor(transport: Transport) {
    super(transport, "/v2/network-volumes");
  }

  async list(options?: RequestOptions): Promise<NetworkVolume[]> {
    return (await this.transport.get(this.basePath, networkVolumeListSchema, options)).networkVolumes;
  }

  async get(id: string, options?: RequestOptions): Promise<NetworkVolume> {
    return this.transport.get(this.at({ id }), networkVolumeSchema, options);
  }

  async create(body: CreateNetworkVolumeRequest, options?: RequestOptions): Promise<NetworkVolume> {
    return this.transport.post(this.basePath, body, networkVolumeSchema, options);
  }

  /** Renames or grows a volume; the data center and type never change in place. */
  async update(id: string, body: UpdateNetworkVolumeRequest, options?: RequestOptions): Promise<NetworkVolume> {
    return this.transport.patch(this.at({ id }), body, networkVolumeSchema, options);
  }

  async delete(id: string, options?: RequestOptions): Promise<void> {
    return this.transport.delete(this.at({ id }), options);
  }
}
