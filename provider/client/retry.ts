import type { Clock } from "./clock";
import { isFailFast, type RateLimitWindow } from "./ratelimit";

/** Retry behaviour of a transport: one deadline per call, whatever goes wrong. */
export interface RetryOptions {
  /**
   * How long a call that names no `deadline` of its own keeps trying, in ms from when it starts, whatever failed on
   * the way: a 5xx or a connection dropped after sending (idempotent methods only), an answer cut off after its
   * headers (idempotent methods only), a connection refused before sending, a 429 waited out to its `Retry-After`.
   * Long enough to wait out a minute window twice. An integer from 1 to 86400000.
   * @default 120000
   */
  callTimeoutMs?: number;
  /** First backoff delay before jitter, in ms. @default 250 */
  baseDelayMs?: number;
  /** Cap of one backoff delay, in ms. A `Retry-After` from the server is followed even when longer. @default 8000 */
  maxDelayMs?: number;
}

/** The retry options as a transport uses them, defaults applied and bounds checked. */
export function retryOptions(options: RetryOptions = {}): Required<RetryOptions> {
  const resolved = { callTimeoutMs: 120_000, baseDelayMs: 250, maxDelayMs: 8000, ...stripped(options) };
  if (!Number.isInteger(resolved.callTimeoutMs) || resolved.callTimeoutMs < 1 || resolved.callTimeoutMs > 86_400_000) {
    throw new RangeError(`retry.callTimeoutMs must be an integer from 1 to 86400000, got ${resolved.callTimeoutMs}`);
  }
  return resolved;
}

function stripped(options: RetryOptions): RetryOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

/** How one try of a call ended, as far as retrying goes. */
export type AttemptResult =
  /** The server answered with this status. */
  | {
      kind: "answered";
      status: number;
      /** `Retry-After`, in ms, when the answer carried one. */
      retryAfterMs: number | undefined;
      /** The rate-limit windows the answer reported as spent. */
      exhaustedWindows: readonly RateLimitWindow[];
    }
  /** The connection failed before the request left this machine (refused, unknown host): nothing reached the server. */
  | { kind: "unsent" }
  /** The connection failed, or the answer was cut off, after the request may have reached the server. */
  | { kind: "interrupted" };

/** How long a call keeps trying: as long as its next try would start before its deadline. */
export interface RetryBound {
  /** ms since the epoch. */
  deadline: number;
  /** When the next try would start (now plus the delay before it), in ms since the epoch. */
  nextTryAt: number;
}

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

/** True for methods that do the same thing however often they are sent. */
export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method);
}

/**
 * Whether a try of a `method` call that ended in `result` is followed by another within `bound`. A request that may
 * have reached the server is sent again only when repeating it is harmless, and a 429 only while its window is one
 * worth waiting for.
 */
export function shouldRetry(method: string, result: AttemptResult, bound: RetryBound): boolean {
  if (bound.nextTryAt >= bound.deadline) return false;
  switch (result.kind) {
    case "unsent":
      return true;
    case "interrupted":
      return isIdempotent(method);
    case "answered":
      if (result.status === 429) return !result.exhaustedWindows.some(isFailFast);
      return result.status >= 500 && isIdempotent(method);
  }
}

/**
 * How long to wait after try number `attempt` before the next one. `Retry-After` wins; a 429 without it waits
 * for its spent windows to reset; everything else backs off exponentially with full jitter, uniform in
 * `[0, min(maxDelayMs, baseDelayMs * 2^(attempt-1)))`.
 * @param random Source of jitter in [0, 1).
 */
export function retryDelayMs(result: AttemptResult, attempt: number, options: Required<RetryOptions>, random: () => number): number {
  if (result.kind === "answered" && result.retryAfterMs !== undefined) return result.retryAfterMs;
  const backoffMs = Math.floor(random() * Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1)));
  if (result.kind === "answered" && result.status === 429) {
    return Math.max(backoffMs, ...result.exhaustedWindows.map((window) => window.resetSeconds * 1000));
  }
  return backoffMs;
}

/** One try of a call: its answer, or how it failed and the error that reports the failure. */
export type Tried<R> = { answer: R } | { result: AttemptResult; error: Error };

/** What the retry loop of one call needs besides its tries. */
export interface RetryLoop {
  method: string;
  /** When the call stops trying, in ms since the epoch. */
  deadline: number;
  /** Aborts the waits between tries. */
  signal?: AbortSignal;
  options: Required<RetryOptions>;
  clock: Clock;
  /** Source of jitter in [0, 1). */
  random: () => number;
}

/**
 * The one retry loop: tries the call until it is answered, waiting between tries as {@link retryDelayMs} says,
 * while {@link shouldRetry} allows; then fails with the last try's error.
 */
export async function untilAnswered<R>(tryOnce: () => Promise<Tried<R>>, loop: RetryLoop): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const tried = await tryOnce();
    if ("answer" in tried) return tried.answer;
    const delayMs = retryDelayMs(tried.result, attempt, loop.options, loop.random);
    if (!shouldRetry(loop.method, tried.result, { deadline: loop.deadline, nextTryAt: loop.clock.now() + delayMs })) throw tried.error;
    await loop.clock.sleep(delayMs, loop.signal);
  }
}
