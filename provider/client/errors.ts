import { ComputePlatformError } from "../errors";
import type { Problem } from "../wire/problem";

/** Where a failed request went; part of every client error so that a message can say what failed. */
export interface RequestSummary {
  method: string;
  path: string;
}

/** An error response from the API, carrying its RFC 9457 problem. */
export class ApiError extends ComputePlatformError {
  /** The class's own name: `NotFoundError` for a 404. */
  override readonly name: string = this.constructor.name;
  /** HTTP status code. */
  readonly status: number;
  /** Short summary from the problem object. */
  readonly title: string;
  /** Human-readable explanation from the problem object. */
  readonly detail: string;
  /** Individual validation failures, when the API lists them. */
  readonly errors: readonly string[];
  /** The `x-request-id` of the response, to quote to support. */
  readonly requestId: string | undefined;
  readonly request: RequestSummary;

  constructor(problem: Problem, request: RequestSummary, requestId: string | undefined) {
    const errors = problem.errors ?? [];
    super(
      `${request.method} ${request.path} failed with ${problem.status} ${problem.title}: ${problem.detail}` +
        (errors.length > 0 ? ` (${errors.join("; ")})` : "") +
        (requestId ? ` [request ${requestId}]` : ""),
    );
    this.status = problem.status;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = errors;
    this.requestId = requestId;
    this.request = request;
  }
}

/** 400: the request broke a rule of the API, for example a mount rule. */
export class BadRequestError extends ApiError {}
/** 401: the API key is missing, malformed, expired or unknown. */
export class AuthenticationError extends ApiError {}
/** 403: the key is valid but may not perform this action on this resource. */
export class PermissionDeniedError extends ApiError {}
/** 404: the resource does not exist. */
export class NotFoundError extends ApiError {}
/** 409: the request conflicts with the resource's current state, for example an action invalid in its status. */
export class ConflictError extends ApiError {}
/** 422: the request is incomplete, for example a mount entry without its path. */
export class UnprocessableEntityError extends ApiError {}
/** 429: a rate-limit window is exhausted. */
export class RateLimitError extends ApiError {
  /** Seconds the server asked to wait, from `Retry-After`. */
  readonly retryAfterSeconds: number | undefined;
  constructor(problem: Problem, request: RequestSummary, requestId: string | undefined, retryAfterSeconds: number | undefined) {
    super(problem, request, requestId);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
/** 5xx: the server failed. Idempotent requests are retried before this surfaces. */
export class ServerError extends ApiError {}

/** The daily quota is spent; waiting for it inside a deployment would be pointless, so the client fails at once. */
export class QuotaExhaustedError extends ComputePlatformError {
  override readonly name = "QuotaExhaustedError";
  constructor(
    readonly window: string,
    readonly resetSeconds: number,
  ) {
    super(
      `The API's ${window} rate-limit window is exhausted; it resets in ${formatDuration(resetSeconds)}. ` +
        `Retry after that, or raise the quota.`,
    );
  }
}

/** The request could not be completed at the network level: refused, reset, timed out, or its answer cut off. */
export class ConnectionError extends ComputePlatformError {
  override readonly name: string = "ConnectionError";
  readonly request: RequestSummary;
  constructor(
    request: RequestSummary,
    cause: unknown,
    message = `${request.method} ${request.path} could not reach the API: ${describeCause(cause)}`,
  ) {
    super(message, { cause });
    this.request = request;
  }
}

/**
 * A request that is not safe to repeat (a POST) failed after it may have reached the server: the connection
 * dropped or timed out after sending, or the answer was cut off. Whether it took effect is unknown, and the
 * transport never sends it again; the caller finds out from the API, for example by listing.
 */
export class OutcomeUnknownError extends ConnectionError {
  override readonly name = "OutcomeUnknownError";
  constructor(request: RequestSummary, cause: unknown) {
    super(
      request,
      cause,
      `${request.method} ${request.path} may have reached the API before the connection failed (${describeCause(cause)}); ` +
        "whether it took effect is unknown, so it was not sent again",
    );
  }
}

/** The API answered 2xx with a body that does not match the v2 shape. */
export class ResponseShapeError extends ComputePlatformError {
  override readonly name = "ResponseShapeError";
  constructor(request: RequestSummary, issues: string) {
    super(`${request.method} ${request.path} returned an unexpected body: ${issues}`);
  }
}

const errorClassByStatus: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
};

/** Chooses the error class from the status; `retryAfterSeconds` only matters for 429. */
export function apiErrorFor(
  problem: Problem,
  request: RequestSummary,
  requestId: string | undefined,
  retryAfterSeconds?: number,
): ApiError {
  if (problem.status === 429) return new RateLimitError(problem, request, requestId, retryAfterSeconds);
  if (problem.status >= 500) return new ServerError(problem, request, requestId);
  const ErrorClass = errorClassByStatus[problem.status] ?? ApiError;
  return new ErrorClass(problem, request, requestId);
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === "string" ? `${cause.message} (${code})` : cause.message;
  }
  return String(cause);
}

function formatDuration(seconds: number): string {
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.ceil(seconds / 60)} min`;
  return `${Math.ceil(seconds / 3600)} h`;
}

/** A resource did not reach the wanted state before its deadline. */
export class WaitTimeoutError extends ComputePlatformError {
  override readonly name = "WaitTimeoutError";
  /**
   * @param cause Why the wait could not see the resource at its deadline, when a fault that would have passed (a
   *   429 storm, a 5xx burst) outlasted it; the message then names it.
   */
  constructor(
    readonly resourceId: string,
    readonly wanted: string,
    readonly lastSeen: string,
    readonly timeoutSeconds: number,
    cause?: Error,
  ) {
    super(
      `${resourceId} did not become ${wanted} within ${timeoutSeconds}s (last seen: ${lastSeen})` +
        (cause === undefined ? "" : `; the last look failed: ${cause.message}`),
      { cause },
    );
  }
}

/**
 * True for a failure of a read (or another call harmless to repeat) that would pass if the call were made again
 * later: a 429 of a window worth waiting for, a 5xx, a connection that failed or an answer cut off. A wait keeps
 * looking through these until its deadline.
 */
export function isTransient(error: unknown): error is RateLimitError | ServerError | ConnectionError {
  if (error instanceof RateLimitError || error instanceof ServerError) return true;
  return error instanceof ConnectionError && !(error instanceof OutcomeUnknownError);
}
