import { createClusterRequest, updateClusterRequest } from "../schemas";
import { type Cluster, CLUSTER_TYPES, POD_STATUSES } from "../wire";
import {
  dateTime,
  described,
  enumOf,
  idParameter,
  integer,
  listOf,
  operationsOf,
  ownResource,
  READ_ONLY_KEY,
  ref,
  requestSchema,
  string,
  type TagSection,
  wireObject,
} from "../http/openapiBuilders";

const tag = {
  name: "Clusters",
  description: "Clusters of GPU pods (TRAINING, APPLICATION, SLURM, RAY) whose members are managed only through the cluster.",
};
const operation = operationsOf(tag.name);
const clusterId = idParameter("Cluster id");

export const clusters: TagSection = {
  tag,
  schemas: {
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
  paths: {
    "/v2/clusters": {
      get: operation({
        operationId: "listClusters",
        summary: "List the account's clusters",
        ok: { status: 200, description: "The clusters", schema: listOf("clusters", "Cluster") },
      }),
      post: operation({
        operationId: "createCluster",
        summary: "Create a cluster and its member pods",
        description:
          "Members are named `<name>-node-<rank>`; rank 0 is the primary (the SLURM controller, the RAY head). Ranks and " +
          "overlay IPs are assigned once a member has its machine.",
        body: "CreateClusterRequest",
        ok: { status: 201, description: "The created cluster", schema: ref("Cluster") },
        errors: { 400: "Invalid body, unknown GPU type, or no data center with cluster nodes of it", 403: READ_ONLY_KEY },
      }),
    },
    "/v2/clusters/{id}": {
      get: operation({
        operationId: "getCluster",
        summary: "Read a cluster summary",
        parameters: [clusterId],
        ok: { status: 200, description: "The cluster", schema: ref("Cluster") },
        errors: ownResource("cluster", "read"),
      }),
      patch: operation({
        operationId: "updateCluster",
        summary: "Rename a cluster",
        description: "Only `name` changes; every other field is fixed at create.",
        parameters: [clusterId],
        body: "UpdateClusterRequest",
        ok: { status: 200, description: "The renamed cluster", schema: ref("Cluster") },
        errors: { 400: "Invalid body, or a field other than name", ...ownResource("cluster", "write") },
      }),
      delete: operation({
        operationId: "deleteCluster",
        summary: "Delete a cluster and terminate its members",
        parameters: [clusterId],
        ok: { status: 204, description: "Deleted" },
        errors: ownResource("cluster", "write"),
      }),
    },
    "/v2/clusters/{id}/pods": {
      get: operation({
        operationId: "listClusterPods",
        summary: "List a cluster's member pods, in rank order",
        parameters: [clusterId],
        ok: { status: 200, description: "Every member as a complete Pod", schema: listOf("pods", "Pod") },
        errors: ownResource("cluster", "read"),
      }),
    },
  },
};
