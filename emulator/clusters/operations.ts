import type { Operation } from "../http/operation";
import { createCluster } from "./createCluster";
import { deleteCluster } from "./deleteCluster";
import { getCluster } from "./getCluster";
import { listClusterPods } from "./listClusterPods";
import { listClusters } from "./listClusters";
import { updateCluster } from "./updateCluster";

/** Every operation on `/v2/clusters`, one file each, in the order the OpenAPI description lists them. */
export const CLUSTER_OPERATIONS: readonly Operation[] = [
  listClusters,
  createCluster,
  getCluster,
  updateCluster,
  deleteCluster,
  listClusterPods,
];
