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

export interface Pod {
  id: string;
  name: string;
  status: PodStatus;
  actions: PodAction[];
  image: string;
  args: string;
  disk: number;
  mounts: Mounts;
  ports: string[];
  env: Record<string, string>;
  registry: string | null;
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

/** A reusable container configuration for pods (and serverless workers, when `serverless`). */
export interface Template {
  id: string;
  name: string;
  image: string;
  args: string;
  disk: number;
  env: Record<string, string>;
  ports: string[];
  /** Id of a registry credential; becomes null when that credential is deleted. */
  registry: string | null;
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
