import {
  type EndpointHealth,
  endpointHealthSchema,
  isFinal,
  type JobResponse,
  jobResponseSchema,
  type JobStream,
  jobStreamSchema,
  type PurgeQueueResult,
  purgeQueueSchema,
} from "../schemas/job";
import {
  TEXT_TO_VIDEO_ENDPOINT_ID,
  type TextToVideoInput,
  textToVideoInputSchema,
  type TextToVideoOutput,
  textToVideoOutputSchema,
} from "../schemas/textToVideo";
import type { Clock } from "./clock";
import { WaitTimeoutError } from "./errors";
import { ApiResource } from "./apiResource";
import type { ApiCall, RequestOptions, Transport } from "./transport";

/** Options of one job API call. */
export type JobRequestOptions = RequestOptions;

/** Options of a call that the API holds open until the job ends (`runsync`, `status-sync`). */
export interface JobSyncOptions extends RequestOptions {
  /**
   * How long the API waits for the job to end before it answers the job as it stands, in ms (sent as `?wait=`):
   * an integer from 1000 to 300000. An unfinished job comes back IN_QUEUE or IN_PROGRESS: continue with
   * {@link JobsClient.statusSync}.
   * @default 90000
   * @example 5000
   */
  waitMs?: number;
}

/** How long {@link JobsClient.wait} waits. */
export interface JobWaitOptions extends RequestOptions {
  /**
   * Longest wait in ms before it fails with a `WaitTimeoutError`; until then the calls inside it ride out failures
   * that would pass (its deadline, unless `deadline` is sooner). @default 600000
   */
  timeoutMs?: number;
}

/** How {@link JobsClient.stream} polls. */
export interface JobStreamOptions extends RequestOptions {
  /** Pause between stream reads in ms. @default 1000 */
  intervalMs?: number;
}

/** One piece of a job's incremental output, as the handler yielded it. */
export type JobStreamChunk = JobStream["stream"][number];

/** A completed text-to-video job and its output. */
export interface TextToVideoResult {
  job: JobResponse;
  output: TextToVideoOutput;
}

/** The bounds of a sync call's wait, and the API's own when a call names none, in ms. */
const SYNC_WAIT_MS = { min: 1000, max: 300_000, default: 90_000 };
/** How long {@link JobsClient.wait} waits when not told, in ms. */
const DEFAULT_WAIT_MS = 600_000;
/** Time allowed beyond a sync call's wait for its answer to arrive. */
const SYNC_ANSWER_MARGIN_MS = 30_000;

/**
 * The job API at the job URL, on queue-based and hosted endpoints: submit (`run`, `runsync`), follow (`status`,
 * `statusSync`, `stream`, `wait`), control (`cancel`, `retry`, `purgeQueue`) and observe (`health`).
 */
export class JobsClient extends ApiResource {
  constructor(
    transport: Transport,
    private readonly clock: Clock,
  ) {
    super(transport, "/v2");
  }

  /** Queues a job and returns at once with its id, IN_QUEUE. Never retried once it may have reached the server. */
  async run(endpointId: string, input: Record<string, unknown>, options?: RequestOptions): Promise<JobResponse> {
    return this.transport.post(this.at(endpointId, "run"), { input }, jobResponseSchema, options);
  }

  /**
   * Runs a job and waits up to `waitMs` for it, then answers the job as it stands: COMPLETED with its output, or
   * still IN_QUEUE / IN_PROGRESS (follow it with {@link statusSync}). A job that fails is returned as
   * `{ id, status: "FAILED", error }`, not thrown: only a request the API refuses (bad body, unknown endpoint, auth)
   * is an `ApiError`.
   */
  async runsync(endpointId: string, input: Record<string, unknown>, options: JobSyncOptions = {}): Promise<JobResponse> {
    return this.transport.json({
      ...held(options),
      method: "POST",
      path: this.at(endpointId, "runsync"),
      body: { input },
      schema: jobResponseSchema,
      // The API answers a FAILED sync job as the job itself under 400: a result, not a problem.
      resultStatuses: [400],
    });
  }

  /** The job now, with `output` once COMPLETED and `error` once FAILED. */
  async status(endpointId: string, jobId: string, options?: RequestOptions): Promise<JobResponse> {
    return this.transport.get(this.at(endpointId, "status", jobId), jobResponseSchema, options);
  }

  /** The job once it ends, or as it stands after `waitMs`: the wait of {@link runsync}, on a job already submitted. */
  async statusSync(endpointId: string, jobId: string, options: JobSyncOptions = {}): Promise<JobResponse> {
    return this.transport.json({
      ...held(options),
      method: "GET",
      path: this.at(endpointId, "status-sync", jobId),
      schema: jobResponseSchema,
    });
  }

  /**
   * The job's incremental output, chunk by chunk as its handler yields it; ends once the job has ended (whatever
   * its final status: read it with {@link status}). Each chunk is delivered once, to one reader.
   */
  async *stream(endpointId: string, jobId: string, options: JobStreamOptions = {}): AsyncGenerator<JobStreamChunk> {
    const { intervalMs = 1000, ...request } = options;
    for (;;) {
      const read = await this.transport.get(this.at(endpointId, "stream", jobId), jobStreamSchema, request);
      yield* read.stream;
      if (isFinal(read)) return;
      await this.clock.sleep(intervalMs, request.signal);
    }
  }

  /**
   * Cancels a queued or running job: it ends CANCELLED. A job that has ended is left as it is, and answered with
   * its status. Never retried once it may have reached the server.
   */
  async cancel(endpointId: string, jobId: string, options?: RequestOptions): Promise<JobResponse> {
    return this.transport.post(this.at(endpointId, "cancel", jobId), undefined, jobResponseSchema, options);
  }

  /** Queues a FAILED or TIMED_OUT job again under the same id; the API refuses any other. */
  async retry(endpointId: string, jobId: string, options?: RequestOptions): Promise<JobResponse> {
    return this.transport.post(this.at(endpointId, "retry", jobId), undefined, jobResponseSchema, options);
  }

  /** Removes every queued job of the endpoint, never a running one, and says how many it removed. */
  async purgeQueue(endpointId: string, options?: RequestOptions): Promise<PurgeQueueResult> {
    return this.transport.post(this.at(endpointId, "purge-queue"), undefined, purgeQueueSchema, options);
  }

  /** The endpoint's jobs and workers now, counted by state. */
  async health(endpointId: string, options?: RequestOptions): Promise<EndpointHealth> {
    return this.transport.get(this.at(endpointId, "health"), endpointHealthSchema, options);
  }

  /**
   * Follows the job with {@link statusSync} until it has ended (COMPLETED, FAILED, CANCELLED or TIMED_OUT), within
   * `timeoutMs`: the API holds each call until the job ends or the time left (at most 90 s) is over, so a long job
   * costs a request every 90 s, not one per poll.
   */
  async wait(endpointId: string, jobId: string, options: JobWaitOptions = {}): Promise<JobResponse> {
    const { timeoutMs = DEFAULT_WAIT_MS, signal } = options;
    const deadline = this.deadlineOf(options);
    for (;;) {
      const waitMs = Math.min(Math.max(deadline - this.clock.now(), SYNC_WAIT_MS.min), SYNC_WAIT_MS.default);
      const job = await this.statusSync(endpointId, jobId, { waitMs: Math.ceil(waitMs), signal, deadline });
      if (isFinal(job)) return job;
      if (this.clock.now() >= deadline) {
        throw new WaitTimeoutError(`job ${jobId} of ${endpointId}`, "final", job.status, Math.round(timeoutMs / 1000));
      }
    }
  }

  /**
   * Generates a video with the hosted text-to-video model: validates the input (throwing before any call and
   * naming the field), queues the job and waits for it. A job that does not complete throws with the model's error.
   */
  async textToVideo(input: TextToVideoInput, options: JobWaitOptions & { endpointId?: string } = {}): Promise<TextToVideoResult> {
    const parsed = textToVideoInputSchema.safeParse(input);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw new TypeError(`text-to-video input.${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`);
    }
    const { endpointId = TEXT_TO_VIDEO_ENDPOINT_ID, timeoutMs, signal } = options;
    const deadline = this.deadlineOf(options);
    const queued = await this.run(endpointId, parsed.data, { signal, deadline });
    const job = await this.wait(endpointId, queued.id, { signal, deadline, timeoutMs });
    if (job.status !== "COMPLETED") throw new Error(`text-to-video job ${job.id} ${job.status}: ${job.error ?? "no error given"}`);
    return { job, output: textToVideoOutputSchema.parse(job.output) };
  }

  /** When a wait of `timeoutMs` from now ends, or the caller's `deadline` if that is sooner. */
  private deadlineOf({ timeoutMs = DEFAULT_WAIT_MS, deadline = Number.POSITIVE_INFINITY }: JobWaitOptions): number {
    return Math.min(this.clock.now() + timeoutMs, deadline);
  }
}

/**
 * The request options of a call the API holds open: its wait, checked before any call, and time for the answer
 * after it.
 */
function held({ waitMs, ...request }: JobSyncOptions): Partial<ApiCall<JobResponse>> {
  if (waitMs !== undefined && !(Number.isInteger(waitMs) && waitMs >= SYNC_WAIT_MS.min && waitMs <= SYNC_WAIT_MS.max)) {
    throw new RangeError(`waitMs must be an integer from ${SYNC_WAIT_MS.min} to ${SYNC_WAIT_MS.max}, not ${waitMs}`);
  }
  return { ...request, query: { wait: waitMs }, heldOpen: true, timeout: (waitMs ?? SYNC_WAIT_MS.default) + SYNC_ANSWER_MARGIN_MS };
}
