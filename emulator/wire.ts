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

/** RFC 9457 problem details, as every error is answered. */
export interface ProblemBody {
  title: string;
  status: number;
  detail: string;
  errors?: string[];
}
