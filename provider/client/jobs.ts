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
} from "../wire/job";
import {
  TEXT_TO_VIDEO_ENDPOINT_ID,
  type TextToVideoInput,
  textToVideoInputSchema,
  type TextToVideoOutput,
  textToVideoOutputSchema,
} from "../wire/textToVideo";
import type { Clock } from "./clock";
import { WaitTimeoutError } from "./errors";
import { ApiResource } from "./apiResource";
import { budgetIntervalMs } from "./ratelimit";
import type { ApiCall, RequestOptions, Transport } from "./transport";

/** Options of one job API call. */
export type JobRequestOptions = RequestOptions;

/** Options of a call that the API holds open until the job ends (`runsync`). */
export interface JobSyncOptions extends RequestOptions {
  /**
   * How long the API waits for the job to end before it answers the job as it stands, in ms (sent as `?wait=`):
   * an integer from 1000 to 300000. An unfinished job comes back IN_QUEUE or IN_PROGRESS: continue with
   * {@link JobsClient.wait}.
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
/** The first pause before {@link JobsClient.wait} reads a job's status, in ms; it doubles with every unfinished read. */
const FIRST_JOB_POLL_MS = 1000;
/** The longest pause between two status reads of one job, in ms. */
const MAX_JOB_POLL_MS = 15_000;
/** Share of each rate-limit window that one job's wait may use: a status read every 10 s at 60 requests a minute. */
const JOB_POLLING_SHARE = 0.1;

/**
 * The job API at the job URL, on queue-based and hosted endpoints: submit (`run`, `runsync`), follow (`status`,
 * `stream`, `wait`), control (`cancel`, `retry`, `purgeQueue`) and observe (`health`).
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
    return this.transport.post(this.at({ endpointId }, "run"), { input }, jobResponseSchema, options);
  }

  /**
   * Runs a job and waits up to `waitMs` for it, then answers the job as it stands: COMPLETED with its output, or
   * still IN_QUEUE / IN_PROGRESS (follow it with {@link wait}). A job that fails is returned as
   * `{ id, status: "FAILED", error }`, not thrown: only a request the API refuses (bad body, unknown endpoint, auth)
   * is an `ApiError`.
   */
  async runsync(endpointId: string, input: Record<string, unknown>, options: JobSyncOptions = {}): Promise<JobResponse> {
    return this.transport.json({
      ...held(options),
      method: "POST",
      path: this.at({ endpointId }, "runsync"),
      body: { input },
      schema: jobResponseSchema,
      // The API answers a FAILED sync job as the job itself under 400: a result, not a problem.
      resultStatuses: [400],
    });
  }

  /** The job now, with `output` once COMPLETED and `error` once FAILED. */
  async status(endpointId: string, jobId: string, options?: RequestOptions): Promise<JobResponse> {
    return this.transport.get(this.at({ endpointId }, "status", { jobId }), jobResponseSchema, options);
  }

  /**
   * The job's incremental output, chunk by chunk as its handler yields it; ends once the job has ended (whatever
   * its final status: read it with {@link status}). Each chunk is delivered once, to one reader.
   */
  async *stream(endpointId: string, jobId: string, options: JobStreamOptions = {}): AsyncGenerator<JobStreamChunk> {
    const { intervalMs = 1000, ...request } = options;
    for (;;) {
      const read = await this.transport.get(this.at({ endpointId }, "stream", { jobId }), jobStreamSchema, request);
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
    return this.transport.post(this.at({ endpointId }, "cancel", { jobId }), undefined, jobResponseSchema, options);
  }

  /** Queues a FAILED or TIMED_OUT job again under the same id; the API refuses any other. */
  async retry(endpointId: string, jobId: string, options?: RequestOptions): Promise<JobResponse> {
    return this.transport.post(this.at({ endpointId }, "retry", { jobId }), undefined, jobResponseSchema, options);
  }

  /** Removes every queued job of the endpoint, never a running one, and says how many it removed. */
  async purgeQueue(endpointId: string, options?: RequestOptions): Promise<PurgeQueueResult> {
    return this.transport.post(this.at({ endpointId }, "purge-queue"), undefined, purgeQueueSchema, options);
  }

  /** The endpoint's jobs and workers now, counted by state. */
  async health(endpointId: string, options?: RequestOptions): Promise<EndpointHealth> {
    return this.transport.get(this.at({ endpointId }, "health"), endpointHealthSchema, options);
  }

  /**
   * Reads the job's {@link status} until it has ended (COMPLETED, FAILED, CANCELLED or TIMED_OUT), within `timeoutMs`:
   * the first read after 1 s, each pause twice the last (at most 15 s) and never shorter than the wait's share of the
   * quota (a tenth of each rate-limit window: every 10 s at 60 requests a minute), the last read at the deadline.
   */
  async wait(endpointId: string, jobId: string, options: JobWaitOptions = {}): Promise<JobResponse> {
    const { timeoutMs = DEFAULT_WAIT_MS, signal } = options;
    const deadline = this.deadlineOf(options);
    for (let reads = 0; ; reads++) {
      const leftMs = Math.max(0, deadline - this.clock.now());
      const budgetMs = budgetIntervalMs(this.transport.limiter.snapshot(), JOB_POLLING_SHARE, leftMs);
      await this.clock.sleep(Math.min(leftMs, Math.max(budgetMs, Math.min(MAX_JOB_POLL_MS, FIRST_JOB_POLL_MS * 2 ** reads))), signal);
      const job = await this.status(endpointId, jobId, { signal, deadline });
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
