import { z } from "zod";
import type { Named } from "../autoName";
import { port } from "../container/containerRules";
import { withCrossFieldRules } from "../lifecycle/crossFieldRules";
import { type CheckedPlacementInputs, type PlacementInputs, placementInputs } from "../../placement/placementInputs";
import { type ClusterLifetimeInputs, clusterLifetimeInputs } from "../lifetime/inputs";
import { type MountsInputs, mountsInputs, oneMountKind, type Pod, podSchema, podStatuses } from "../pod/inputs";

/** What a cluster is for; SLURM and RAY give their members roles, TRAINING and APPLICATION none. */
export const clusterTypes = ["TRAINING", "APPLICATION", "SLURM", "RAY"] as const;
export type ClusterType = (typeof clusterTypes)[number];

/** The env keys each member gets beside the cluster's `env`: its rank and the number of members. */
export const CLUSTER_MEMBER_ENV_KEYS = ["NODE_RANK", "NUM_NODES"] as const;

/** Roles of SLURM and RAY members; rank 0 is the controller or head. */
export const podClusterRoles = ["SLURM_CONTROLLER", "SLURM_COMPUTE", "RAY_HEAD", "RAY_WORKER"] as const;
export type PodClusterRole = (typeof podClusterRoles)[number];

// ---------------------------------------------------------------------------
// Arguments (what a program declares). TSDoc here is what users read in their editor.
// ---------------------------------------------------------------------------

/** The homogeneous shape of every member pod. Fixed at create: any change replaces the cluster. */
export interface ClusterComputeInputs {
  /**
   * GPU type id offered for clusters, as listed by `GET /v2/catalog/gpus?product=CLUSTER`, e.g. `"NVIDIA H100 80GB HBM3"`.
   * @minLength 1
   */
  gpuTypeId: string;
  /**
   * GPUs in each member pod. Minimum 1.
   * @TJS-type integer
   * @minimum 1
   */
  gpuCountPerPod: number;
  /**
   * Number of member pods. From 2 to 250.
   * @TJS-type integer
   * @minimum 2
   * @maximum 250
   */
  podCount: number;
}

/**
 * The arguments of a `Cluster`, as plain values. Only `name` and `lifetime` change in place; every other argument
 * is fixed at create, so changing it replaces the cluster (all its members are recreated).
 */
export interface ClusterInputs {
  /**
   * Display name. The members keep the names they were created with (`<name>-node-<rank>`).
   * Without it, the resource is named after its logical name, a dash and seven random hex digits, and
   * keeps that name across updates.
   * @minLength 1
   */
  name?: string;
  /** `TRAINING`, `APPLICATION`, `SLURM` or `RAY`. */
  type: ClusterType;
  /** The shape of every member pod. */
  compute: ClusterComputeInputs;
  /**
   * Other acceptable GPU configurations of the members, and the order to try them in, when `compute` has no
   * capacity: each alternative's `id` is a `gpuTypeId` and its `count` a `gpuCountPerPod`. The configuration
   * chosen is the `compute` output. A later change replaces the cluster only when the configuration it runs is no
   * longer `compute` or one of the alternatives.
   */
  placement?: PlacementInputs;
  /** Container image every member runs, for example `"org/slurm:24"`. */
  image: string;
  /** Arguments for the container entrypoint. @default "" */
  args?: string;
  /**
   * Ephemeral container disk per member in GB. Minimum 1.
   * @TJS-type integer
   * @minimum 1
   * @default 20
   */
  disk?: number;
  /**
   * Environment variables of every member; each also gets `NODE_RANK` and `NUM_NODES`. A secret in state, as an
   * argument and as an output.
   * @default {}
   */
  env?: Record<string, string>;
  /**
   * Exposed ports of every member, each `"<port>/http"` or `"<port>/tcp"` with a port from 1 to 65535.
   * @TJS-type array
   * @items.type string
   * @items.pattern ^([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])/(http|tcp)$
   * @default []
   */
  ports?: string[];
  /**
   * Preferred data centers, in order; the first with cluster nodes of the GPU type is used. When empty or not set,
   * any data center that has them.
   */
  dataCenterIds?: string[];
  /** Storage of every member, with the pod mount rules. None when not set. @default {} */
  mounts?: MountsInputs;
  /** Inject the account's SSH public keys as `PUBLIC_KEY` into every member. @default false */
  startSsh?: boolean;
  /** Start Jupyter on every member, with a generated `JUPYTER_PASSWORD`. @default false */
  startJupyter?: boolean;
  /** Id of an existing cluster of the account to take over instead of creating one; only its name may differ. */
  adopt?: string;
  /**
   * The most the cluster may cost, in USD per hour at the catalog's list price (every member's GPUs at the secure price). Above it, `check` refuses
   * the cluster at preview, before anything is created. It only steers the provider: it is never sent to the API, and
   * changing it alone changes nothing. No cap when not set.
   * @exclusiveMinimum 0
   */
  maxHourlyPrice?: number;
  /**
   * How long create waits for every member to be RUNNING, in seconds. From 1 to 86400.
   * @TJS-type integer
   * @minimum 1
   * @maximum 86400
   * @default 600
   */
  readyTimeoutSeconds?: number;
  /**
   * When the cluster is terminated (deleted with its members) by itself, run by `computeplatform expire` on a
   * schedule and honoured by `preview` and `up`: after `terminateAfter`, or once every GPU of every member has sat
   * idle. The API cannot stop a cluster, so there is no `stopAfter`. Changing it renews it (a terminated cluster is
   * created anew); it is never sent to the API. No lifetime when not set.
   */
  lifetime?: ClusterLifetimeInputs;
}

/** Validates `Cluster` arguments: every bound the API states, before any API call. */
export const clusterInputsSchema = withCrossFieldRules(
  z.strictObject({
    name: z.string().min(1),
    type: z.enum(clusterTypes),
    compute: z.strictObject({
      gpuTypeId: z.string().min(1),
      gpuCountPerPod: z.int().min(1),
      podCount: z.int().min(2).max(250),
    }),
    placement: placementInputs.optional(),
    image: z.string(),
    args: z.string().optional(),
    disk: z.int().min(1).optional(),
    env: z.record(z.string(), z.string()).optional(),
    ports: z.array(port).optional(),
    dataCenterIds: z.array(z.string().min(1)).optional(),
    mounts: mountsInputs.optional(),
    startSsh: z.boolean().optional(),
    startJupyter: z.boolean().optional(),
    adopt: z.string().min(1).optional(),
    maxHourlyPrice: z.number().positive().optional(),
    readyTimeoutSeconds: z.int().min(1).max(86_400).optional(),
    lifetime: clusterLifetimeInputs.optional(),
  }),
  oneMountKind,
);

// Compile-time proof that the validator and the documented argument type agree.
const clusterInputsMatch: z.ZodType<Named<ClusterInputs>, Named<ClusterInputs>> = clusterInputsSchema;
void clusterInputsMatch;

/** `Cluster` arguments after `check`: every documented default applied, so that diffs compare like with like. */
export type CheckedClusterInputs = Named<ClusterInputs> &
  Required<Omit<ClusterInputs, "adopt" | "dataCenterIds" | "placement" | "maxHourlyPrice" | "lifetime">> &
  Pick<ClusterInputs, "adopt" | "dataCenterIds" | "maxHourlyPrice" | "lifetime"> & { placement?: CheckedPlacementInputs };

// ---------------------------------------------------------------------------
// Wire shapes (what the API returns). Fields a newer API adds are dropped, not rejected.
// ---------------------------------------------------------------------------

export const clusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(clusterTypes),
  compute: z.object({ gpuTypeId: z.string(), gpuCountPerPod: z.int(), podCount: z.int() }),
  dataCenterId: z.string().optional(),
  pods: z.object({ total: z.int(), byStatus: z.partialRecord(z.enum(podStatuses), z.int()) }),
  network: z.object({ cidr: z.string(), vxlanId: z.int().optional(), vxlanPort: z.int().optional() }).optional(),
  primary: z.object({ podId: z.string(), status: z.enum(podStatuses), sshEndpoint: z.string().optional() }).optional(),
  createdAt: z.string(),
});

/** A cluster summary as the v2 API returns it: aggregate pod counts, not the members. */
export type ClusterSummary = z.infer<typeof clusterSchema>;

export const clusterPodsSchema = z.object({ pods: z.array(podSchema) });

/** Body of `POST /v2/clusters`. */
export type CreateClusterRequest = Omit<ClusterInputs, "adopt" | "readyTimeoutSeconds" | "placement" | "lifetime">;

/** A cluster member as the `Cluster` resource records it: the Pod without `env` (it holds injected secrets) and `runtime` (it changes every second). */
export type ClusterMember = Omit<Pod, "env" | "runtime">;
