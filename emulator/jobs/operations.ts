import type { Operation } from "../http/operation";
import { cancelJob } from "./cancelJob";
import { getEndpointHealth } from "./getEndpointHealth";
import { getJobStatus } from "./getJobStatus";
import { purgeQueue } from "./purgeQueue";
import { retryJob } from "./retryJob";
import { runJob } from "./runJob";
import { runJobSync } from "./runJobSync";
import { streamJob } from "./streamJob";

/**
 * Every operation of the job API, `/v2/{endpointId}/...`, one file each, in the order the OpenAPI description lists
 * them. The hosted text-to-video model answers at its configured endpoint id; the account's queue-based endpoints
 * run an echo handler. The sync operations really wait, on the emulator's clock.
 */
export const JOB_OPERATIONS: readonly Operation[] = [
  runJob,
  runJobSync,
  getJobStatus,
  streamJob,
  cancelJob,
  retryJob,
  purgeQueue,
  getEndpointHealth,
];
