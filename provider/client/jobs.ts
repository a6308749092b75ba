import { isFinal, type JobResponse, jobResponseSchema } from "../schemas/job";
import {
  TEXT_TO_VIDEO_ENDPOINT_ID,
  type TextToVideoInput,
  textToVideoInputSchema,
  type TextToVideoOutput,
  textToVideoOutputSchema,
} from "../schemas/textToVideo";
import type { Clock } from "./clock";
import { WaitTimeoutError } from "./errors";
import type { Transport } from "./transport";

/** How {@link JobsClient.wait} polls. */
export interface JobWaitOptions {
  /** Longest wait in ms before it fails with a `WaitTimeoutError`. @default 600000 */
  timeoutMs?: number;
  /** Pause between status reads in ms. @default 1000 */
  intervalMs?: number;
  signal?: AbortSignal;
}

/** A completed text-to-video job and its output. */
export interface TextToVideoResult {
  job: JobResponse;
  output: TextToVideoOutput;
}

/** The job API at the job URL: `run`, `runsync`, `status` and `wait` on queue-based and hosted endpoints. */
export class JobsClient {
  constructor(
    private readonly transport: Transport,
    private readonly clock: Clock,
  ) {}

  /** Queues a job and returns at once with its id. Never retried once it may have reached the server. */
  async run(endpointId: string, input: Record<string, unknown>, signal?: AbortSignal): Promise<JobResponse> {
    return this.transport.json({ method: "POST", path: path(endpointId, "run"), body: { input }, schema: jobResponseSchema, signal });
  }

  /**
   * Runs a job and waits for it. A job that fails is returned as `{ id, status: "FAILED", error }`, not thrown:
   * only a request the API refuses (bad body, unknown endpoint, auth) is an `ApiError`.
   */
  async runsync(endpointId: string, input: Record<string, unknown>, signal?: AbortSignal): Promise<JobResponse> {
    return this.transport.json({
      method: "POST",
      path: path(endpointId, "runsync"),
      body: { input },
      schema: jobResponseSchema,
      resultStatuses: [400],
      signal,
    });
  }

  /** The job now, with `output` once COMPLETED and `error` once FAILED. */
  async status(endpointId: string, jobId: string, signal?: AbortSignal): Promise<JobResponse> {
    return this.transport.json({
      method: "GET",
      path: `${path(endpointId, "status")}/${encodeURIComponent(jobId)}`,
      schema: jobResponseSchema,
      signal,
    });
  }

  /** Polls the job until it is COMPLETED or FAILED (every other status counts as in progress), within `timeoutMs`. */
  async wait(endpointId: string, jobId: string, options: JobWaitOptions = {}): Promise<JobResponse> {
    const { timeoutMs = 600_000, intervalMs = 1000, signal } = options;
    const deadline = this.clock.now() + timeoutMs;
    for (;;) {
      const job = await this.status(endpointId, jobId, signal);
      if (isFinal(job)) return job;
      if (this.clock.now() >= deadline) {
        throw new WaitTimeoutError(`job ${jobId} of ${endpointId}`, "COMPLETED or FAILED", job.status, Math.round(timeoutMs / 1000));
      }
      await this.clock.sleep(Math.min(intervalMs, Math.max(0, deadline - this.clock.now())), signal);
    }
  }

  /**
   * Generates a video with the hosted text-to-video model: validates the input (throwing before any call and
   * naming the field), queues the job and waits for it. A FAILED job throws with the model's error.
   */
  async textToVideo(
    input: TextToVideoInput,
    options: JobWaitOptions & { endpointId?: string } = {},
  ): Promise<TextToVideoResult> {
    const parsed = textToVideoInputSchema.safeParse(input);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw new TypeError(`text-to-video input.${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`);
    }
    const endpointId = options.endpointId ?? TEXT_TO_VIDEO_ENDPOINT_ID;
    const queued = await this.run(endpointId, parsed.data, options.signal);
    const job = await this.wait(endpointId, queued.id, options);
    if (job.status === "FAILED") throw new Error(`text-to-video job ${job.id} failed: ${job.error ?? "no error given"}`);
    return { job, output: textToVideoOutputSchema.parse(job.output) };
  }
}

function path(endpointId: string, operation: string): string {
  return `/v2/${encodeURIComponent(endpointId)}/${operation}`;
}
