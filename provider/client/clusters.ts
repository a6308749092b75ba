import type { Pod } from "../resources/pod/inputs";
import { type ClusterSummary, clusterPodsSchema, clusterSchema, type CreateClusterRequest } from "../resources/cluster/inputs";
import { CollectionClient } from "./collection";
import type { RequestOptions, Transport } from "./transport";

/**
 * `/v2/clusters`: clusters of pods and their member pods. A read is the cluster summary (aggregate member counts and
 * the primary, not the members themselves); a create makes the cluster and its member pods, which start
 * PROVISIONING; a delete terminates the members too.
 */
export class ClustersClient extends CollectionClient<ClusterSummary, CreateClusterRequest, { name: string }> {
  constructor(transport: Transport) {
    super(transport, "/v2/clusters", "clusters", clusterSchema);
  }

  /** Renames a cluster: the only change a cluster takes in place. */
  async rename(id: string, name: string, options?: RequestOptions): Promise<ClusterSummary> {
    return this.update(id, { name }, options);
  }

  /** Every member as a complete Pod, in rank order. */
  async pods(id: string, options?: RequestOptions): Promise<Pod[]> {
    return (await this.transport.get(this.at({ id }, "pods"), clusterPodsSchema, options)).pods;
  }
}
