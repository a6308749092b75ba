import type { Pod } from "../schemas/pod";
import {
  type ClusterSummary,
  clusterListSchema,
  clusterPodsSchema,
  clusterSchema,
  type CreateClusterRequest,
} from "../schemas/cluster";
import type { Transport } from "./transport";

/** `/v2/clusters`: clusters of pods and their member pods. */
export class ClustersClient {
  constructor(private readonly transport: Transport) {}

  async list(signal?: AbortSignal): Promise<ClusterSummary[]> {
    const { clusters } = await this.transport.json({ method: "GET", path: "/v2/clusters", schema: clusterListSchema, signal });
    return clusters;
  }

  /** The cluster summary: aggregate member counts and the primary, not the members themselves. */
  async get(id: string, signal?: AbortSignal): Promise<ClusterSummary> {
    return this.transport.json({ method: "GET", path: path(id), schema: clusterSchema, signal });
  }

  /** Creates a cluster and its member pods; they start PROVISIONING. */
  async create(body: CreateClusterRequest, signal?: AbortSignal): Promise<ClusterSummary> {
    return this.transport.json({ method: "POST", path: "/v2/clusters", body, schema: clusterSchema, signal });
  }

  /** Renames a cluster: the only change a cluster takes in place. */
  async rename(id: string, name: string, signal?: AbortSignal): Promise<ClusterSummary> {
    return this.transport.json({ method: "PATCH", path: path(id), body: { name }, schema: clusterSchema, signal });
  }

  /** Deletes a cluster and terminates its members. */
  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.transport.json({ method: "DELETE", path: path(id), signal });
  }

  /** Every member as a complete Pod, in rank order. */
  async pods(id: string, signal?: AbortSignal): Promise<Pod[]> {
    const { pods } = await this.transport.json({ method: "GET", path: `${path(id)}/pods`, schema: clusterPodsSchema, signal });
    return pods;
  }
}

function path(id: string): string {
  return `/v2/clusters/${encodeURIComponent(id)}`;
}
