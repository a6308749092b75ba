import { z } from "zod";
import { type Cloud, clouds } from "../../wire/catalog";
import type { Named } from "../autoName";
import { cudaFloorOrList, cudaVersion, imageOrTemplate, vcpuCount } from "../container/containerRules";
import { type ContainerSettingsInputs, containerSettingsInputs, containerSettingsSchema } from "../container/containerSettings";
import { type CrossFieldRule, exactlyOneOf, withCrossFieldRules } from "../lifecycle/crossFieldRules";
import { type CheckedPlacementInputs, type PlacementInputs, placementInputs } from "../../placement/placementInputs";
import { type LifetimeInputs, lifetimeInputs, terminateAfterStop } from "../lifetime/inputs";

/** Lifecycle status of a pod. */
export const podStatuses = ["PROVISIONING", "STARTING", "RUNNING", "EXITED", "ERROR", "TERMINATED"] as const;
export type PodStatus = (typeof podStatuses)[number];

/** State transitions accepted by `POST /v2/pods/{id}/action`. */
export const podActions = ["start", "stop", "restart", "terminate"] as const;
export type PodAction = (typeof podActions)[number];

/** The power states a `Pod` resource can be asked to hold. */
export const desiredStatuses = ["RUNNING", "EXITED"] as const;
export type DesiredStatus = (typeof desiredStatuses)[number];

/** Env keys the service adds itself; they are never the user's and never cause a diff. */
export const injectedEnvKeys = ["PUBLIC_KEY", "JUPYTER_PASSWORD"] as const;

// ---------------------------------------------------------------------------
// Arguments (what a program declares). TSDoc here is what users read in their editor.
// ---------------------------------------------------------------------------

/** A GPU allocation. */
export interface GpuConfigInputs {
  /**
   * GPU type identifier as listed by `GET /v2/catalog/gpus`, for example `"NVIDIA A100 80GB PCIe"`.
   * A change of it is a change of `gpu`, whose doc says what that does.
   * @minLength 1
   */
  id: string;
  /**
   * Number of GPUs. Minimum 1. A change of it is a change of `gpu`, whose doc says what that does.
   * @TJS-type integer
   * @minimum 1
   * @default 1
   */
  count?: number;
  /**
   * CUDA versions (`major.minor`) the host may run; when not empty, `minCudaVersion` cannot be set. Create-only.
   * @TJS-type array
   * @items.type string
   * @items.pattern ^[0-9]+\.[0-9]+$
   */
  allowedCudaVersions?: string[];
  /**
   * Lowest acceptable CUDA version (`major.minor`). Exclusive with a non-empty `allowedCudaVersions`. Create-only.
   * @pattern ^[0-9]+\.[0-9]+$
   */
  minCudaVersion?: string;
}

/** A CPU allocation. */
export interface CpuConfigInputs {
  /**
   * CPU flavor id as listed by `GET /v2/catalog/cpus`, for example `"cpu3c"`. Changing it replaces the pod.
   * @minLength 1
   */
  id: string;
  /**
   * Number of vCPUs: a power of two from 2 to 2^20 (1048576), and valid for the flavor.
   * @TJS-type integer
   * @TJS-enum [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576]
   */
  vcpuCount: number;
  /**
   * Memory in GB. Minimum 1.
   * @TJS-type integer
   * @minimum 1
   */
  memory: number;
}

/** Host-local storage pinned to the pod's machine; deprecated in favour of network mounts. Not allowed on CPU pods. */
export interface PersistentMountInputs {
  /**
   * Size in GB. Minimum 10. May grow in place.
   * @TJS-type integer
   * @minimum 10
   */
  size: number;
  /** Mount path in the container. Changes in place. */
  path: string;
}

/** A network volume mounted into the pod. */
export interface NetworkMountInputs {
  /**
   * Id of an existing network volume in the pod's data center. Changing it replaces the pod.
   * @minLength 1
   */
  volumeId: string;
  /** Mount path in the container. Changes in place. */
  path: string;
}

/** Storage mounts. The kind (persistent, network or none) is fixed at create: changing it replaces the pod. */
export interface MountsInputs {
  /** Host-local persistent storage. Mutually exclusive with `network`. */
  persistent?: PersistentMountInputs;
  /**
   * Network volumes; at most one entry. Mutually exclusive with `persistent`.
   * @maxItems 1
   */
  network?: NetworkMountInputs[];
}

/** The arguments of a `Pod`, as plain values. */
export interface PodInputs extends ContainerSettingsInputs {
  /**
   * Display name.
   * Without it, the resource is named after its logical name, a dash and seven random hex digits, and
   * keeps that name across updates.
   * @minLength 1
   */
  name?: string;
  /**
   * Container image reference, for example `"org/trainer:1.2"`. A change restarts a running container.
   * Required unless `templateId` is set, which supplies it.
   */
  image?: string;
  /**
   * Id of a template (your own or a public one) to start the pod from. Its image, args, disk, ports, env,
   * registry, persistent mount (GPU pods only; `mounts: { network: [] }` declines it), startSsh, startJupyter
   * and CUDA constraint fill every field not set here; `env` is merged per key, with the keys set here winning.
   * The template is read when it is named: editing it later does not change the pod, and a field set here and
   * later left out keeps the pod's current value (set it to change it). Naming another template applies its
   * image, args, disk, ports, env and registry in place (a running container restarts); the mount and the
   * create-only settings stay. Removing `templateId` keeps the pod's settings and makes `env` wholly this one.
   */
  templateId?: string;
  /** GPU allocation. Exactly one of `gpu` and `cpu` is required; switching between them replaces the pod. */
  gpu?: GpuConfigInputs;
  /**
   * Other acceptable GPU configurations, and the order to try them in, when `gpu` has no capacity; GPU pods only.
   * The configuration chosen is the `gpu` output. A later change replaces the pod only when the configuration it
   * runs is no longer `gpu` or one of the alternatives.
   */
  placement?: PlacementInputs;
  /** CPU allocation. Exactly one of `gpu` and `cpu` is required; switching between them replaces the pod. */
  cpu?: CpuConfigInputs;
  /** Storage mounts. */
  mounts?: MountsInputs;
  /** Hardware tier. @default "SECURE" */
  cloud?: Cloud;
  /**
   * Ephemeral container disk in GB, wiped on restart. Minimum 1. When not set, the service chooses it (with
   * `templateId`, the template's).
   * @TJS-type integer
   * @minimum 1
   */
  disk?: number;
  /**
   * Environment variables. Keys the service injects (`PUBLIC_KEY`, `JUPYTER_PASSWORD`) and keys taken from the
   * template are kept and never reported as drift. A secret in state, as an argument and as an output. @default {}
   */
  env?: Record<string, string>;
  /**
   * Preferred data centers, most preferred first; empty, like not set, lets the scheduler choose.
   */
  dataCenterIds?: string[];
  /** Give the pod a private address reachable across data centers. @default false */
  globalNetworking?: boolean;
  /**
   * Install the account's SSH public keys into the pod; expose `"22/tcp"` in `ports` for direct SSH. With
   * `templateId`, the template's unless set here.
   * @default false
   */
  startSsh?: boolean;
  /**
   * Start Jupyter in the pod. With `templateId`, the template's unless set here.
   * @default false
   */
  startJupyter?: boolean;
  /** When true the service refuses to stop or restart the pod. @default false */
  locked?: boolean;
  /** Power state to hold: `RUNNING` starts the pod, `EXITED` stops it. @default "RUNNING" */
  desiredStatus?: DesiredStatus;
  /** Id of an existing pod to take over instead of creating one; it is then updated to these arguments. */
  adopt?: string;
  /**
   * The most the pod may cost, in USD per hour at the catalog's list price (its GPUs in its cloud, or its vCPUs). Above it, `check` refuses
   * the pod at preview, before anything is created. It only steers the provider: it is never sent to the API, and
   * changing it alone changes nothing. No cap when not set.
   * @exclusiveMinimum 0
   */
  maxHourlyPrice?: number;
  /**
   * How long create and update wait for the pod to reach its desired status, in seconds. 1 to 86400.
   * @TJS-type integer
   * @minimum 1
   * @maximum 86400
   * @default 600
   */
  readyTimeoutSeconds?: number;
  /**
   * When the pod stops or terminates by itself, run by `computeplatform expire` on a schedule and honoured by
   * `preview` and `up`. Changing it renews it (a terminated pod is created anew); it is never sent to the API. No
   * lifetime when not set.
   */
  lifetime?: LifetimeInputs;
}

const gpuConfigInputs = z.strictObject({
  id: z.string().min(1),
  count: z.int().min(1).optional(),
  allowedCudaVersions: z.array(cudaVersion).optional(),
  minCudaVersion: cudaVersion.optional(),
});

const cpuConfigInputs = z.strictObject({
  id: z.string().min(1),
  vcpuCount,
  memory: z.int().min(1),
});

export const mountsInputs = z.strictObject({
  persistent: z.strictObject({ size: z.int().min(10), path: z.string() }).optional(),
  network: z
    .array(z.strictObject({ volumeId: z.string().min(1), path: z.string() }))
    .max(1)
    .optional(),
});

/**
 * Persistent and network storage do not mix, not even an empty `network` beside a persistent mount: the API refuses
 * both. Pods and clusters share it.
 */
export const oneMountKind: CrossFieldRule<{ mounts?: MountsInputs }> = ({ mounts }, fail) => {
  if (mounts?.persistent !== undefined && mounts.network !== undefined) {
    fail(["mounts"], "persistent and network mounts are mutually exclusive");
  }
};

const placementOnlyWithGpu: CrossFieldRule<PodInputs> = (pod, fail) => {
  if (pod.placement !== undefined && pod.gpu === undefined)
    fail(["placement"], "placement chooses among GPU configurations: set `gpu` too");
};

const noPersistentMountOnCpu: CrossFieldRule<PodInputs> = (pod, fail) => {
  if (pod.cpu && pod.mounts?.persistent)
    fail(["mounts", "persistent"], "persistent mounts are not allowed on CPU pods; use a network volume");
};

/** Validates and normalises `Pod` arguments: the rules of the spec that hold before any API call. */
export const podInputsSchema = withCrossFieldRules(
  z.strictObject({
    name: z.string().min(1),
    ...containerSettingsInputs,
    templateId: z.string().min(1).optional(),
    gpu: gpuConfigInputs.optional(),
    placement: placementInputs.optional(),
    cpu: cpuConfigInputs.optional(),
    mounts: mountsInputs.optional(),
    cloud: z.enum(clouds).optional(),
    dataCenterIds: z.array(z.string().min(1)).optional(),
    globalNetworking: z.boolean().optional(),
    startSsh: z.boolean().optional(),
    startJupyter: z.boolean().optional(),
    locked: z.boolean().optional(),
    desiredStatus: z.enum(desiredStatuses).optional(),
    adopt: z.string().min(1).optional(),
    maxHourlyPrice: z.number().positive().optional(),
    readyTimeoutSeconds: z.int().min(1).max(86_400).optional(),
    lifetime: lifetimeInputs.optional(),
  }),
  imageOrTemplate,
  exactlyOneOf("gpu", "cpu"),
  cudaFloorOrList,
  oneMountKind,
  noPersistentMountOnCpu,
  placementOnlyWithGpu,
  terminateAfterStop,
);

// Compile-time proof that the validator and the documented argument type agree.
const podInputsMatch: z.ZodType<Named<PodInputs>, Named<PodInputs>> = podInputsSchema;
void podInputsMatch;

/**
 * `Pod` arguments after `check`: every documented default applied, so that diffs compare like with like.
 * The container fields a template can supply stay unset on a pod made from one.
 */
export type CheckedPodInputs = Named<PodInputs> & {
  gpu?: GpuConfigInputs & { count: number };
  placement?: CheckedPlacementInputs;
} & Required<Pick<PodInputs, "cloud" | "env" | "globalNetworking" | "locked" | "desiredStatus" | "readyTimeoutSeconds">>;

// ---------------------------------------------------------------------------
// Wire shapes (what the API returns). Fields a newer API adds are dropped, not rejected.
// ---------------------------------------------------------------------------

const podSshEndpoint = z.object({
  host: z.string(),
  port: z.int(),
  username: z.string(),
  command: z.string(),
});

export const podSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(podStatuses),
  actions: z.array(z.enum(podActions)),
  ...containerSettingsSchema,
  mounts: z.object({
    persistent: z.object({ size: z.int(), path: z.string() }).optional(),
    network: z.array(z.object({ volumeId: z.string(), path: z.string() })).optional(),
  }),
  gpu: z.object({ id: z.string(), count: z.int() }).optional(),
  cpu: z.object({ id: z.string(), vcpuCount: z.int(), memory: z.int() }).optional(),
  cloud: z.enum(clouds),
  dataCenterId: z.string().nullable(),
  cudaVersion: z.string().nullable(),
  ssh: z.object({ proxy: podSshEndpoint.nullable(), direct: podSshEndpoint.nullable() }),
  cluster: z.looseObject({ id: z.string(), rank: z.int().nullable(), role: z.string().optional(), ip: z.string().optional() }).optional(),
  template: z.string().nullable(),
  cost: z.number(),
  locked: z.boolean(),
  globalNetworking: z.object({ enabled: z.boolean(), ip: z.string().optional(), internalDns: z.string().optional() }),
  runtime: z
    .looseObject({
      uptime: z.int().optional(),
      gpus: z.array(z.object({ util: z.int(), memoryUtil: z.int() })).optional(),
      cpu: z.object({ util: z.int() }).optional(),
      memory: z.object({ util: z.int() }).optional(),
      ports: z.array(z.object({ private: z.int(), public: z.int().nullable(), type: z.string(), ip: z.string().nullable() })).optional(),
    })
    .nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
});

/** A pod as the v2 API returns it. */
export type Pod = z.infer<typeof podSchema>;
export type PodSsh = Pod["ssh"];
export type PodSshEndpoint = NonNullable<PodSsh["proxy"]>;
export type PodRuntime = Pod["runtime"];
export type PodGlobalNetworking = Pod["globalNetworking"];
export type PodMounts = Pod["mounts"];

export const podListSchema = z.object({ pods: z.array(podSchema) });

/** Body of `POST /v2/pods`. */
export type CreatePodRequest = Omit<PodInputs, "adopt" | "readyTimeoutSeconds" | "desiredStatus" | "locked" | "placement" | "lifetime">;

/** Body of `PATCH /v2/pods/{id}`: only fields that change in place. */
export type UpdatePodRequest = Partial<
  Pick<
    PodInputs,
    "name" | "templateId" | "image" | "args" | "disk" | "env" | "ports" | "registry" | "locked" | "globalNetworking" | "mounts"
  >
>;
