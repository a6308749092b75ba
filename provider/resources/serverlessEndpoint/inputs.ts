import { z } from "zod";
import type { Named } from "../autoName";
import { cudaFloorOrList, cudaVersion, imageOrTemplate, vcpuCount } from "../container/containerRules";
import { type ContainerSettingsInputs, containerSettingsInputs, containerSettingsSchema } from "../container/containerSettings";
import { type CrossFieldRule, eachRepeat, exactlyOneOf, isRecord, withCrossFieldRules } from "../lifecycle/crossFieldRules";

/** How requests reach the workers: through the managed job queue, or straight to worker-defined HTTP paths. */
export const endpointTypes = ["QUEUE", "LOAD_BALANCER"] as const;
export type EndpointType = (typeof endpointTypes)[number];

/** Cold-start acceleration. */
export const flashbootModes = ["OFF", "FLASHBOOT", "PRIORITY_FLASHBOOT"] as const;
export type FlashBoot = (typeof flashbootModes)[number];

// ---------------------------------------------------------------------------
// Arguments (what a program declares). TSDoc here is what users read in their editor.
// ---------------------------------------------------------------------------

/** Where GPU workers may run: serverless GPU pools, minus any card types excluded. */
export interface EndpointGpuInputs {
  /**
   * Serverless GPU pool ids (the `pool` of `GET /v2/catalog/gpus`), e.g. `["ADA_24"]`. At least one. Changes in place.
   * @minItems 1
   * @items.type string
   * @items.minLength 1
   */
  pools: string[];
  /**
   * GPU type ids to leave out of the pools, e.g. `["NVIDIA L4"]`, each at most once. Changes in place.
   * @uniqueItems true
   * @default []
   */
  excludedTypes?: string[];
  /**
   * GPUs per worker. Minimum 1. Changes in place.
   * @TJS-type integer
   * @minimum 1
   * @default 1
   */
  count?: number;
  /**
   * CUDA versions (`major.minor`) a worker's host may run; empty means any. Exclusive with `minCudaVersion`.
   * Changes in place. With `templateId`, the template's set unless set here (none when `minCudaVersion` is set).
   * @TJS-type array
   * @items.type string
   * @items.pattern ^[0-9]+\.[0-9]+$
   * @default []
   */
  allowedCudaVersions?: string[];
  /**
   * Lowest CUDA version (`major.minor`) a worker's host may run. Exclusive with a non-empty `allowedCudaVersions`.
   * Changes in place; removing it clears the floor. No floor when not set.
   * @pattern ^[0-9]+\.[0-9]+$
   */
  minCudaVersion?: string;
}

/** One eligible CPU configuration of a worker; memory follows from the flavor. */
export interface EndpointCpuInputs {
  /**
   * CPU flavor id as listed by `GET /v2/catalog/cpus`, e.g. `"cpu3c"`.
   * @minLength 1
   */
  id: string;
  /**
   * vCPUs per worker: a power of two from 2 to 2^20 (1048576), and valid for the flavor.
   * @TJS-type integer
   * @TJS-enum [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576]
   */
  vcpuCount: number;
}

/** How many workers run. */
export interface EndpointWorkersInputs {
  /**
   * Workers kept running even when idle. Minimum 0.
   * @TJS-type integer
   * @minimum 0
   * @default 0
   */
  min?: number;
  /**
   * Most workers the endpoint scales to. Minimum 0, at least `min`.
   * @TJS-type integer
   * @minimum 0
   * @default 3
   */
  max?: number;
  /**
   * Seconds before an idle worker scales down, from 1 to 3600. Not for a `QUEUE` endpoint scaling on
   * `REQUEST_COUNT`, which has no idle timeout.
   * @TJS-type integer
   * @minimum 1
   * @maximum 3600
   * @default 10
   */
  idleTimeout?: number;
}

/** Scale on how long requests wait in the queue. `QUEUE` endpoints only. */
export interface QueueDelayScalingInputs {
  type: "QUEUE_DELAY";
  /**
   * Target seconds a request waits in the queue. Minimum 0.5.
   * @minimum 0.5
   */
  queueDelay: number;
}

/** Scale on concurrent requests per worker. Required for `LOAD_BALANCER` endpoints. */
export interface RequestCountScalingInputs {
  type: "REQUEST_COUNT";
  /**
   * Target in-flight requests per worker. Minimum 1.
   * @TJS-type integer
   * @minimum 1
   */
  requestCount: number;
}

/**
 * The arguments of a `ServerlessEndpoint`, as plain values. `type` and the compute family (`gpu` or `cpu`) are
 * fixed: changing them replaces the endpoint. Everything else changes in place with one PATCH.
 */
export interface ServerlessEndpointInputs extends ContainerSettingsInputs {
  /**
   * Display name.
   * Without it, the resource is named after its logical name, a dash and seven random hex digits, and
   * keeps that name across updates.
   * @minLength 1
   */
  name?: string;
  /** `QUEUE` (jobs through `/run` and `/runsync`) or `LOAD_BALANCER` (direct HTTP to the workers). */
  type: EndpointType;
  /**
   * Id of a serverless template (the account's own or a public one) whose container settings fill every one this
   * endpoint leaves out; `env` is merged per key. Another id is applied in place.
   */
  templateId?: string;
  /** GPU workers. Exactly one of `gpu` and `cpu`; switching between them replaces the endpoint. */
  gpu?: EndpointGpuInputs;
  /**
   * CPU workers: the eligible configurations, at least one, none listed twice. Exactly one of `gpu` and `cpu`.
   * @minItems 1
   * @uniqueItems true
   */
  cpu?: EndpointCpuInputs[];
  /**
   * Worker bounds. A `QUEUE` endpoint scaling on `REQUEST_COUNT` has no `idleTimeout`.
   * @default {"min": 0, "max": 3, "idleTimeout": 10}
   */
  workers?: EndpointWorkersInputs;
  /** The autoscaling signal; a `LOAD_BALANCER` endpoint needs `REQUEST_COUNT`. */
  scaling: QueueDelayScalingInputs | RequestCountScalingInputs;
  /** Preferred data centers; empty lets the scheduler choose. @default [] */
  dataCenterIds?: string[];
  /** Ids of network volumes attached to every worker. @default [] */
  networkVolumes?: string[];
  /**
   * Per-request execution timeout in milliseconds. Minimum 1.
   * @TJS-type integer
   * @minimum 1
   * @default 300000
   */
  timeout?: number;
  /** Cold-start acceleration: `OFF`, `FLASHBOOT` or `PRIORITY_FLASHBOOT`. @default "OFF" */
  flashboot?: FlashBoot;
  /** Id of an existing endpoint of the account to take over instead of creating one; it is then updated to these arguments. */
  adopt?: string;
}

const workersInputs = z.strictObject({
  min: z.int().min(0).optional(),
  max: z.int().min(0).optional(),
  idleTimeout: z.int().min(1).max(3600).optional(),
});

const loadBalancerScalesOnRequestCount: CrossFieldRule<ServerlessEndpointInputs> = (endpoint, fail) => {
  if (endpoint.type === "LOAD_BALANCER" && endpoint.scaling?.type === "QUEUE_DELAY") {
    fail(["scaling", "type"], "a LOAD_BALANCER endpoint scales on REQUEST_COUNT");
  }
};

const noIdleTimeoutOnQueueRequestCount: CrossFieldRule<ServerlessEndpointInputs> = (endpoint, fail) => {
  if (endpoint.type === "QUEUE" && endpoint.scaling?.type === "REQUEST_COUNT" && endpoint.workers?.idleTimeout !== undefined) {
    fail(["workers", "idleTimeout"], "does not apply to a QUEUE endpoint scaling on REQUEST_COUNT");
  }
};

const workersMinWithinMax: CrossFieldRule<ServerlessEndpointInputs> = ({ workers }, fail) => {
  const min = workers?.min ?? 0;
  const max = workers?.max ?? 3;
  if (typeof min === "number" && typeof max === "number" && min > max) fail(["workers", "min"], `must not exceed workers.max (${max})`);
};

// The API trims excluded type ids, so two that are the same once trimmed repeat each other.
const noRepeatedExcludedType: CrossFieldRule<ServerlessEndpointInputs> = ({ gpu }, fail) =>
  eachRepeat(
    gpu?.excludedTypes,
    (a, b) => typeof a === "string" && typeof b === "string" && a.trim() === b.trim(),
    (index, first) => fail(["gpu", "excludedTypes", index], `duplicates gpu.excludedTypes[${first}]`),
  );

const noRepeatedCpuConfig: CrossFieldRule<ServerlessEndpointInputs> = ({ cpu }, fail) =>
  eachRepeat(
    cpu,
    (a, b) => isRecord(a) && isRecord(b) && a.id === b.id && a.vcpuCount === b.vcpuCount,
    (index, first) => fail(["cpu", index], `duplicates cpu[${first}]`),
  );

/** Validates `ServerlessEndpoint` arguments: every rule the API states that holds before any call. */
export const serverlessEndpointInputsSchema = withCrossFieldRules(
  z.strictObject({
    name: z.string().min(1),
    type: z.enum(endpointTypes),
    templateId: z.string().min(1).optional(),
    ...containerSettingsInputs,
    gpu: z
      .strictObject({
        pools: z.array(z.string().min(1)).min(1),
        excludedTypes: z.array(z.string().trim().min(1)).optional(),
        count: z.int().min(1).optional(),
        allowedCudaVersions: z.array(cudaVersion).optional(),
        minCudaVersion: cudaVersion.optional(),
      })
      .optional(),
    cpu: z
      .array(
        z.strictObject({
          id: z.string().min(1),
          vcpuCount,
        }),
      )
      .min(1)
      .optional(),
    workers: workersInputs.optional(),
    scaling: z.discriminatedUnion("type", [
      z.strictObject({ type: z.literal("QUEUE_DELAY"), queueDelay: z.number().min(0.5) }),
      z.strictObject({ type: z.literal("REQUEST_COUNT"), requestCount: z.int().min(1) }),
    ]),
    dataCenterIds: z.array(z.string().min(1)).optional(),
    networkVolumes: z.array(z.string().min(1)).optional(),
    timeout: z.int().min(1).optional(),
    flashboot: z.enum(flashbootModes).optional(),
    adopt: z.string().min(1).optional(),
  }),
  imageOrTemplate,
  exactlyOneOf("gpu", "cpu"),
  loadBalancerScalesOnRequestCount,
  noIdleTimeoutOnQueueRequestCount,
  workersMinWithinMax,
  cudaFloorOrList,
  noRepeatedExcludedType,
  noRepeatedCpuConfig,
);

// Compile-time proof that the validator and the documented argument type agree.
const serverlessEndpointInputsMatch: z.ZodType<
  Named<ServerlessEndpointInputs>,
  Named<ServerlessEndpointInputs>
> = serverlessEndpointInputsSchema;
void serverlessEndpointInputsMatch;

/**
 * `ServerlessEndpoint` arguments after `check`: every documented default applied. The container fields a template
 * can supply stay unset on an endpoint made from one.
 */
export type CheckedServerlessEndpointInputs = Named<ServerlessEndpointInputs> &
  Required<Pick<ServerlessEndpointInputs, "env" | "workers" | "dataCenterIds" | "networkVolumes" | "timeout" | "flashboot">> & {
    gpu?: EndpointGpuInputs & { count: number };
    workers: EndpointWorkersInputs & { min: number; max: number };
  };

// ---------------------------------------------------------------------------
// Wire shapes (what the API returns). Fields a newer API adds are dropped, not rejected.
// ---------------------------------------------------------------------------

const endpointScalingSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("QUEUE_DELAY"), queueDelay: z.number() }),
  z.object({ type: z.literal("REQUEST_COUNT"), requestCount: z.int() }),
]);

export const endpointSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(endpointTypes),
  requestUrls: z.record(z.string(), z.string()),
  ...containerSettingsSchema,
  gpu: z
    .object({
      pools: z.array(z.string()),
      excludedTypes: z.array(z.string()).optional(),
      count: z.int(),
      allowedCudaVersions: z.array(z.string()),
      minCudaVersion: z.string().nullable(),
    })
    .nullable(),
  cpu: z.array(z.object({ id: z.string(), vcpuCount: z.int(), memory: z.int() })).optional(),
  workers: z.object({ min: z.int(), max: z.int(), idleTimeout: z.int().optional() }),
  scaling: endpointScalingSchema,
  dataCenterIds: z.array(z.string()),
  networkVolumes: z.array(z.string()),
  timeout: z.int(),
  flashboot: z.enum(flashbootModes),
  createdAt: z.string(),
});

/** A serverless endpoint as the v2 API returns it. */
export type Endpoint = z.infer<typeof endpointSchema>;

export const workerStatuses = ["RUNNING", "IDLE", "INITIALIZING", "THROTTLED", "UNHEALTHY"] as const;

export const endpointWorkersSchema = z.object({
  workers: z.array(
    z.object({
      id: z.string(),
      status: z.enum(workerStatuses),
      isStale: z.boolean(),
      version: z.int().nullable().optional(),
      gpuCount: z.int(),
      image: z.string().nullable().optional(),
      uptimeSeconds: z.int().nullable().optional(),
      gpuTypeId: z.string().nullable().optional(),
      dataCenterId: z.string().nullable().optional(),
      startedAt: z.string().nullable().optional(),
    }),
  ),
  summary: z.object({
    running: z.int(),
    idle: z.int(),
    initializing: z.int(),
    throttled: z.int(),
    unhealthy: z.int(),
    total: z.int(),
  }),
  endpointVersion: z.int().nullable().optional(),
});

/** An endpoint's workers, counted by status. */
export type EndpointWorkers = z.infer<typeof endpointWorkersSchema>;

export const endpointReleasesSchema = z.object({
  endpointVersion: z.int().nullable().optional(),
  rollout: z.object({ inProgress: z.boolean(), workersOnLatest: z.int(), workersTotal: z.int(), percentOnLatest: z.int() }),
  releases: z.array(
    z.object({
      id: z.string(),
      version: z.int().nullable().optional(),
      source: z.enum(["GIT_BUILD", "MANUAL"]),
      buildId: z.string().nullable().optional(),
      createdByUserId: z.string().nullable().optional(),
      workerCount: z.int(),
      createdAt: z.string(),
      diff: z.array(z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })),
    }),
  ),
});

/** An endpoint's releases, newest first, and how far the newest has rolled out. */
export type EndpointReleases = z.infer<typeof endpointReleasesSchema>;

/** Body of `POST /v2/serverless`. */
export type CreateEndpointRequest = Omit<ServerlessEndpointInputs, "adopt">;

/** Body of `PATCH /v2/serverless/{id}`: the fields to change. */
export type UpdateEndpointRequest = Partial<Omit<CreateEndpointRequest, "type" | "gpu">> & {
  gpu?: Partial<EndpointGpuInputs>;
};
