import type { Pod } from "../resources/pod/inputs";
import {
  type ClusterSummary,
  clusterListSchema,
  clusterPodsSchema,
  clusterSchema,
  type CreateClusterRequest,
} from "../resources/cluster/inputs";
import { ApiResource } from "./apiResource";
import type { RequestOptions, Transport } from "./transport";

/** `/v2/clusters`: clusters of pods and their member pods. */
export class ClustersClient extends ApiResource {
  constructor(transport: Transport) {
    super(transport, "/v2/clusters");
  }

  async list(options?: RequestOptions): Promise<ClusterSummary[]> {
    return (await this.transport.get(this.basePath, clusterListSchema, options)).clusters;
  }

  /** The cluster summary: aggregate member counts and the primary, not the members themselves. */
  async get(id: string, options?: RequestOptions): Promise<ClusterSummary> {
    return this.transport.get(this.at({ id }), clusterSchema, options);
  }

  /** Creates a cluster and its member pods; they start PROVISIONING. */
  async create(body: CreateClusterRequest, options?: RequestOptions): Promise<ClusterSummary> {
    return this.transport.post(this.basePath, body, clusterSchema, options);
  }

  /** Renames a cluster: the only change a cluster takes in place. */
  async rename(id: string, name: string, options?: RequestOptions): Promise<ClusterSummary> {
    return this.transport.patch(this.at({ id }), { name }, clusterSchema, options);
  }

  /** Deletes a cluster and terminates its members. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    return this.transport.delete(this.at({ id }), options);
  }

  /** Every member as a complete Pod, in rank order. */
  async pods(id: string, options?: RequestOptions): Promise<Pod[]> {
    return (await this.transport.get(this.at({ id }, "pods"), clusterPodsSchema, options)).pods;
  }
}
