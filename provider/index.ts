// Resources: every kind provider/kinds.ts registers, with its argument and wire types
export * from "./kinds";

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

// Wire types beside the kinds'
export type * from "./wire/catalog";
export type * from "./wire/billing";
export type * from "./wire/job";
export type * from "./wire/textToVideo";
export { estimateTextToVideoCost, TEXT_TO_VIDEO_ENDPOINT_ID, TEXT_TO_VIDEO_USD_PER_SECOND } from "./wire/textToVideo";
export type { Problem } from "./wire/problem";
export { ACCOUNT_SSH_KEYS_ID } from "./resources/accountSshKeys/inputs";
