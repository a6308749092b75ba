/** The JSON shapes the emulator answers with, as the v2 spec names them. */

export const POD_STATUSES = ["PROVISIONING", "STARTING", "RUNNING", "EXITED", "ERROR", "TERMINATED"] as const;
export type PodStatus = (typeof POD_STATUSES)[number];

export const POD_ACTIONS = ["start", "stop", "restart", "terminate"] as const;
export type PodAction = (typeof POD_ACTIONS)[number];

export const CLOUDS = ["SECURE", "COMMUNITY"] as const;
export type Cloud = (typeof CLOUDS)[number];

export const VOLUME_TYPES = ["STANDARD", "HIGH_PERFORMANCE"] as const;
export type VolumeType = (typeof VOLUME_TYPES)[number];

export interface PersistentMount {
  size: number;
  path: string;
}

export interface NetworkMount {
  volumeId: string;
  path: string;
}

export interface Mounts {
  persistent?: PersistentMount;
  network?: NetworkMount[];
}

export interface GpuConfig {
  id: string;
  count: number;
}

export interface CpuConfig {
  id: string;
  vcpuCount: number;
  memory: number;
}

export interface PodSshEndpoint {
  host: string;
  port: number;
  username: string;
  command: string;
}

export interface PodSsh {
  proxy: PodSshEndpoint | null;
  direct: PodSshEndpoint | null;
}

export interface PodGlobalNetworking {
  enabled: boolean;
  ip?: string;
  internalDns?: string;
}

export interface PodRuntimePort {
  private: number;
  public: number | null;
  type: string;
  ip: string | null;
}

export interface PodRuntime {
  uptime: number;
  gpus?: Array<{ util: number; memoryUtil: number }>;
  cpu: { util: number };
  memory: { util: number };
  ports: PodRuntimePort[];
}

/** The container settings pods, endpoints and templates share, as the API renders them. */
export interface ContainerSettings {
  image: string;
  args: string;
  /** Container disk in GB. */
  disk: number;
  env: Record<string, string>;
  ports: string[];
  /** Id of the registry credential the image is pulled with. */
  registry: string | null;
}

export interface Pod extends ContainerSettings {
  id: string;
  name: string;
  status: PodStatus;
  actions: PodAction[];
  mounts: Mounts;
  gpu?: GpuConfig;
  cpu?: CpuConfig;
  cloud: Cloud;
  dataCenterId: string | null;
  cudaVersion: string | null;
  ssh: PodSsh;
  template: string | null;
  cost: number;
  locked: boolean;
  runtime: PodRuntime | null;
  createdAt: string;
  startedAt: string | null;
  globalNetworking: PodGlobalNetworking;
  /** Present only on a cluster's member pods. */
  cluster?: PodCluster;
}

export const CLUSTER_TYPES = ["TRAINING", "APPLICATION", "SLURM", "RAY"] as const;
export type ClusterType = (typeof CLUSTER_TYPES)[number];

export const POD_CLUSTER_ROLES = ["SLURM_CONTROLLER", "SLURM_COMPUTE", "RAY_HEAD", "RAY_WORKER"] as const;
export type PodClusterRole = (typeof POD_CLUSTER_ROLES)[number];

/** A member pod's place in its cluster. */
export interface PodCluster {
  id: string;
  /** Null until assigned during provisioning; rank 0 is the cluster's primary. */
  rank: number | null;
  /** Omitted for TRAINING and APPLICATION clusters. */
  role?: PodClusterRole;
  /** Address on the cluster's overlay network; omitted until assigned. */
  ip?: string;
}

export interface ClusterCompute {
  gpuTypeId: string;
  gpuCountPerPod: number;
  podCount: number;
}

/** A cluster summary: aggregate pod counts, never the member pods themselves. */
export interface Cluster {
  id: string;
  name: string;
  type: ClusterType;
  compute: ClusterCompute;
  dataCenterId: string;
  pods: { total: number; byStatus: Partial<Record<PodStatus, number>> };
  network: { cidr: string; vxlanId: number; vxlanPort: number };
  /** The rank-0 member; `sshEndpoint` once it can be reached. */
  primary?: { podId: string; status: PodStatus; sshEndpoint?: string };
  createdAt: string;
}

export const ENDPOINT_TYPES = ["QUEUE", "LOAD_BALANCER"] as const;
export type EndpointType = (typeof ENDPOINT_TYPES)[number];

export const FLASHBOOT_MODES = ["OFF", "FLASHBOOT", "PRIORITY_FLASHBOOT"] as const;
export type FlashBoot = (typeof FLASHBOOT_MODES)[number];

export interface EndpointGpuConfig {
  pools: string[];
  excludedTypes?: string[];
  count: number;
  allowedCudaVersions: string[];
  minCudaVersion: string | null;
}

export interface EndpointWorkers {
  min: number;
  max: number;
  /** Omitted for a queue-based endpoint scaling on REQUEST_COUNT. */
  idleTimeout?: number;
}

export type EndpointScaling = { type: "QUEUE_DELAY"; queueDelay: number } | { type: "REQUEST_COUNT"; requestCount: number };

export type EndpointRequestUrls =
  | {
      run: string;
      runSync: string;
      status: string;
      stream: string;
      cancel: string;
      retry: string;
      purgeQueue: string;
      health: string;
    }
  | { base: string; health: string };

/** A serverless endpoint. GPU endpoints carry `gpu`; CPU endpoints carry `cpu` and a null `gpu`. */
export interface Endpoint extends ContainerSettings {
  id: string;
  name: string;
  type: EndpointType;
  requestUrls: EndpointRequestUrls;
  gpu: EndpointGpuConfig | null;
  cpu?: CpuConfig[];
  workers: EndpointWorkers;
  scaling: EndpointScaling;
  dataCenterIds: string[];
  networkVolumes: string[];
  /** Per-request execution timeout in milliseconds. */
  timeout: number;
  flashboot: FlashBoot;
  createdAt: string;
}

export const WORKER_STATUSES = ["RUNNING", "IDLE", "INITIALIZING", "THROTTLED", "UNHEALTHY"] as const;
export type WorkerStatus = (typeof WORKER_STATUSES)[number];

export interface Worker {
  id: string;
  status: WorkerStatus;
  isStale: boolean;
  version: number | null;
  gpuCount: number;
  image: string | null;
  uptimeSeconds: number | null;
  gpuTypeId: string | null;
  dataCenterId: string | null;
  startedAt: string | null;
}

export interface Release {
  id: string;
  version: number | null;
  source: "GIT_BUILD" | "MANUAL";
  buildId: string | null;
  createdByUserId: string | null;
  workerCount: number;
  createdAt: string;
  diff: Array<{ field: string; old: unknown; new: unknown }>;
}

/** A job is IN_QUEUE, then IN_PROGRESS, then ends in one of the final statuses. */
export const JOB_STATUSES = ["IN_QUEUE", "IN_PROGRESS", "COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"] as const;
export const FINAL_JOB_STATUSES = ["COMPLETED", "FAILED", "CANCELLED", "TIMED_OUT"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The job API's answer for a job. */
export interface JobResponse {
  id: string;
  status: JobStatus;
  /** Milliseconds spent in the queue before processing. */
  delayTime?: number;
  /** Milliseconds of execution. */
  executionTime?: number;
  output?: Record<string, unknown>;
  workerId?: string;
  error?: string;
}

export interface NetworkVolume {
  id: string;
  name: string;
  size: number;
  dataCenter: string;
  type: VolumeType;
}

export const TEMPLATE_CATEGORIES = ["CPU", "NVIDIA", "AMD"] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/**
 * A reusable container configuration for pods (and serverless workers, when `serverless`). Its `registry` becomes
 * null when that credential is deleted.
 */
export interface Template extends ContainerSettings {
  id: string;
  name: string;
  /** Templates mount only persistent storage. */
  mounts: { persistent?: PersistentMount };
  serverless: boolean;
  public: boolean;
  category: TemplateCategory;
  startSsh: boolean;
  startJupyter: boolean;
  allowedCudaVersions: string[];
}

/** A container registry credential; its username and password are write-only and never rendered. */
export interface Registry {
  id: string;
  name: string;
}

/** Access to an ECR repository delegated to the platform. */
export interface EcrDelegation {
  id: string;
  name: string | null;
  delegatorUserId: string;
  awsUser: string;
  repository: string;
  tag: string;
  awsRegion: string;
  dockerRegistryUri: string;
  createdAt: string;
}

/** RFC 9457 problem details, as every error is answered. */
export interface ProblemBody {
  title: string;
  status: number;
  detail: string;
  errors?: string[];
}
