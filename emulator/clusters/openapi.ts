import { dateTime, described, enumOf, integer, ref, requestSchema, string, type TagSection, wireObject } from "../http/openapiBuilders";
import { pathsOf } from "../http/operation";
import { createClusterRequest, updateClusterRequest } from "../schemas";
import { type Cluster, CLUSTER_TYPES, POD_STATUSES } from "../wire";
import { CLUSTER_OPERATIONS } from "./operations";

/** The Clusters section of the OpenAPI description: the cluster's schemas, and the paths of its operations. */

const tag = {
  name: "Clusters",
  description: "Clusters of GPU pods (TRAINING, APPLICATION, SLURM, RAY) whose members are managed only through the cluster.",
};

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
  paths: pathsOf(tag.name, CLUSTER_OPERATIONS),
};
