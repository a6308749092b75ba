// Resources
export { Pod, type PodArgs } from "./resources/pod/pod";
export { NetworkVolume, type NetworkVolumeArgs } from "./resources/networkVolume/networkVolume";
export { Template, type TemplateArgs } from "./resources/template/template";
export { Registry, type RegistryArgs } from "./resources/registry/registry";
export { RegistryDelegation, type RegistryDelegationArgs } from "./resources/registryDelegation/registryDelegation";
export { AccountSshKeys, type AccountSshKeysArgs } from "./resources/accountSshKeys";
export { Cluster, type ClusterArgs } from "./resources/cluster/cluster";
export { ServerlessEndpoint, type ServerlessEndpointArgs } from "./resources/serverlessEndpoint/serverlessEndpoint";
export { Job, type JobArgs } from "./resources/job";
export { TextToVideoJob, type TextToVideoJobArgs } from "./resources/textToVideoJob";

// Data functions, each as a Promise and as an Output
export * from "./functions";

// YAML manifests
export * from "./manifest";

// The client on its own
export { ComputePlatformClient, type ClientOptions } from "./client";
export { ComputePlatformError, UserError } from "./errors";
export * from "./client/errors";
export type { RequestOptions } from "./client/requestOptions";
export type { PodLogEntry, PodLogOptions } from "./client/pods";
export type { WorkerLogLine } from "./client/serverless";
export type { JobRequestOptions, JobStreamChunk, JobStreamOptions, JobSyncOptions, JobWaitOptions, TextToVideoResult } from "./client/jobs";
export type { LoadBalancingRequest, LoadBalancingRequestOptions, LoadBalancingResponse } from "./client/loadBalancing";
export { RateLimiter, parseRateLimitHeaders, type RateLimitWindow } from "./client/ratelimit";
export { MissingSettingError, resolveSettings, type Settings } from "./config";

// Argument and wire types
export type * from "./schemas/pod";
export type * from "./schemas/networkVolume";
export type * from "./schemas/template";
export type * from "./schemas/registry";
export type * from "./schemas/registryDelegation";
export type * from "./schemas/account";
export type * from "./schemas/catalog";
export type * from "./schemas/billing";
export type * from "./schemas/cluster";
export type * from "./schemas/serverlessEndpoint";
export type * from "./schemas/job";
export type * from "./schemas/jobInputs";
export type * from "./schemas/textToVideo";
export { estimateTextToVideoCost, TEXT_TO_VIDEO_ENDPOINT_ID, TEXT_TO_VIDEO_USD_PER_SECOND } from "./schemas/textToVideo";
export type { Problem } from "./schemas/problem";
export { ACCOUNT_SSH_KEYS_ID } from "./schemas/account";
