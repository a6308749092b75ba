import { dateTime, described, enumOf, integer, ownResource, ref, requestSchema, string, wireObject } from "../http/openapiBuilders";
import { type Cluster, CLUSTER_TYPES, POD_STATUSES } from "../wire";
import { clusters } from "./collection";
import { createCluster } from "./createCluster";
import { listClusterPods } from "./listClusterPods";
import { membersOf } from "./members";
import { createClusterRequest, updateClusterRequest } from "./requests";

/** Clusters of GPU pods, whose members are managed only through the cluster. */
export const clusterKind = clusters.kind(
  {
    name: "Clusters",
    description: "Clusters of GPU pods (TRAINING, APPLICATION, SLURM, RAY) whose members are managed only through the cluster.",
  },
  [
    clusters.list({ operationId: "listClusters", summary: "List the account's clusters", ok: "The clusters" }),
    createCluster,
    clusters.get({ operationId: "getCluster", summary: "Read a cluster summary", ok: "The cluster" }),
    clusters.update({
      operationId: "updateCluster",
      summary: "Rename a cluster",
      description: "Only `name` changes; every other field is fixed at create.",
      bodySchema: "UpdateClusterRequest",
      body: updateClusterRequest,
      ok: "The renamed cluster",
      errors: { 400: "Invalid body, or a field other than name", ...ownResource("cluster", "write") },
      apply(cluster, patch) {
        cluster.name = patch.name;
      },
    }),
    clusters.delete({
      operationId: "deleteCluster",
      summary: "Delete a cluster and terminate its members",
      ok: "Deleted",
      remove(cluster, context) {
        for (const member of membersOf(context.store, cluster)) context.remove(member);
        clusters.forget(context.store, cluster);
      },
    }),
    listClusterPods,
  ],
  {
    Cluster: described(
      wireObject<Cluster>(
        {
          id: string,
          name: string,
          type: enumOf(CLUSTER_TYPES),
          compute: wireObject<Cluster["compute"]>({ gpuTypeId: string, gpuCountPerPod: integer, podCount: integer }),
          dataCenterId: string,
          pods: wireObject<Cluster["pods"]>({
            total: integer,
            byStatus: {
              type: "object",
              propertyNames: enumOf(POD_STATUSES),
              additionalProperties: integer,
              description: "Member count per status; statuses no member has are left out.",
            },
          }),
          network: wireObject<Cluster["network"]>({ cidr: string, vxlanId: integer, vxlanPort: integer }),
          primary: described(
            wireObject<NonNullable<Cluster["primary"]>>(
              { podId: string, status: ref("PodStatus"), sshEndpoint: described(string, "Once the primary has a machine.") },
              { sshEndpoint: true },
            ),
            "The rank-0 member.",
          ),
          createdAt: dateTime,
        },
        { primary: true },
      ),
      "A cluster summary: aggregate pod counts; the members themselves are at /v2/clusters/{id}/pods.",
    ),
    CreateClusterRequest: requestSchema(createClusterRequest),
    UpdateClusterRequest: requestSchema(updateClusterRequest),
  },
);
