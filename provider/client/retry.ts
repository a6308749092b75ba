import { isFailFast, type RateLimitWindow } from "./ratelimit";

/** Retry behaviour of a transport: one budget per call, whatever goes wrong. */
export interface RetryOptions {
  /**
   * Tries in all for one call without a deadline, whatever failed on the way: a 5xx or a connection dropped after
   * sending (idempotent methods only), an answer cut off after its headers (idempotent methods only), a connection
   * refused before sending, a 429 waited out. A call with a deadline is bounded by that instead. 1 to 20.
   * @default 6
   */
  maxAttempts?: number;
  /** First backoff delay before jitter, in ms. @default 250 */
  baseDelayMs?: number;
  /** Cap of one backoff delay, in ms. A `Retry-After` from the server is followed even when longer. @default 8000 */
  maxDelayMs?: number;
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

/**
 * How long a call keeps trying: a number of tries, or, for a call with a deadline, as long as the next try would
 * start before it.
 */
export type RetryBound =
  | { maxAttempts: number }
  | {
      /** ms since the epoch. */
      deadline: number;
      /** When the next try would start (now plus the delay before it), in ms since the epoch. */
      nextTryAt: number;
    };

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

/** True for methods that do the same thing however often they are sent. */
export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method);
}

/**
 * Whether try number `attempt` (1 for the first) of a `method` call that ended in `result` is followed by
 * another within `bound`. A request that may have reached the server is sent again only when repeating it is
 * harmless, and a 429 only while its window is one worth waiting for.
 */
export function shouldRetry(method: string, result: AttemptResult, attempt: number, bound: RetryBound): boolean {
  if ("maxAttempts" in bound ? attempt >= bound.maxAttempts : bound.nextTryAt >= bound.deadline) return false;
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
