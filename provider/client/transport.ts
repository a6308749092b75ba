import { Agent, type Dispatcher, request as undiciRequest } from "undici";
import type { z } from "zod";
import { problemSchema, type Problem } from "../schemas/problem";
import { type Clock, systemClock } from "./clock";
import {
  apiErrorFor,
  ConnectionError,
  QuotaExhaustedError,
  RateLimitError,
  type RequestSummary,
  ResponseShapeError,
} from "./errors";
import { isFailFast, parseRateLimitHeaders, RateLimiter } from "./ratelimit";

/** Retry behaviour of a {@link Transport}. */
export interface RetryOptions {
  /** Attempts in all for a 5xx or a connection failure (idempotent methods only). 1 to 10. @default 4 */
  maxAttempts?: number;
  /** First backoff delay before jitter, in ms. @default 250 */
  baseDelayMs?: number;
  /** Cap of one backoff delay, in ms. @default 8000 */
  maxDelayMs?: number;
  /** 429 answers waited out per request before giving up. @default 20 */
  maxRateLimitWaits?: number;
}

/** Options of a {@link Transport}. */
export interface TransportOptions {
  /** Base URL of the API, without the `/v2` suffix, for example `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** API key, sent as a bearer token. Never appears in errors or logs. */
  apiKey: string;
  retry?: RetryOptions;
  /** Shared rate-limit view; pass the same one to every transport of one API key. @default a new limiter */
  limiter?: RateLimiter;
  /** @default the system clock */
  clock?: Clock;
  /** Source of jitter in [0, 1). @default Math.random */
  random?: () => number;
  /** undici dispatcher. @default one process-wide Agent with explicit timeouts */
  dispatcher?: Dispatcher;
}

/** One API call. */
export interface ApiCall<T> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path below the base URL, starting with `/v2/`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Shape of a 2xx JSON body; omitted for calls answered with 204. */
  schema?: z.ZodType<T>;
  headers?: Record<string, string>;
  /** Aborts waits and the request, for example at a resource's deadline. */
  signal?: AbortSignal;
  /** Longest silence while the body streams in, in ms; 0 for streams that stay open. @default the agent's 60 s */
  bodyTimeoutMs?: number;
  /** Longest wait for the answer's headers, in ms, for calls the server holds open. @default the agent's 60 s */
  headersTimeoutMs?: number;
  /**
   * Error statuses whose body, when it matches `schema`, is the call's result rather than a problem: the job API
   * answers a failed sync job with the job under 400.
   */
  resultStatuses?: readonly number[];
}

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

// Failures that happen before the request leaves this machine: safe to retry for any method.
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);

let processAgent: Agent | undefined;

/** The one undici Agent of this process: connections are pooled across every client and resource. */
function sharedAgent(): Agent {
  processAgent ??= new Agent({
    connectTimeout: 10_000,
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
    keepAliveTimeout: 10_000,
  });
  return processAgent;
}

/** Sends authenticated JSON requests, turns problems into typed errors, and retries what is safe to retry. */
export class Transport {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly retry: Required<RetryOptions>;
  readonly limiter: RateLimiter;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly dispatcher: Dispatcher;

  constructor(options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.apiKey = options.apiKey;
    this.retry = {
      maxAttempts: options.retry?.maxAttempts ?? 4,
      baseDelayMs: options.retry?.baseDelayMs ?? 250,
      maxDelayMs: options.retry?.maxDelayMs ?? 8000,
      maxRateLimitWaits: options.retry?.maxRateLimitWaits ?? 20,
    };
    this.clock = options.clock ?? systemClock;
    this.limiter = options.limiter ?? new RateLimiter({ clock: this.clock });
    this.random = options.random ?? Math.random;
    this.dispatcher = options.dispatcher ?? sharedAgent();
  }

  /** Sends a JSON call and returns its parsed body (undefined for 204). */
  async json<T>(call: ApiCall<T>): Promise<T> {
    const summary = { method: call.method, path: call.path };
    for (let attempt = 1; ; attempt++) {
      const response = await this.send(call);
      if (response.statusCode === 204 || !call.schema) {
        await response.body.dump();
        return undefined as T;
      }
      let text: string;
      try {
        text = await response.body.text();
      } catch (error) {
        if (call.signal?.aborted) throw call.signal.reason;
        // The answer was cut off after its headers, so the request did reach the server.
        if (IDEMPOTENT.has(call.method) && attempt < this.retry.maxAttempts) {
          await this.clock.sleep(this.backoffMs(attempt), call.signal);
          continue;
        }
        throw new ConnectionError(summary, error);
      }
      if (response.statusCode >= 400) {
        const result = call.schema.safeParse(safeJson(text));
        if (result.success) return result.data;
        throw apiErrorFor(problemFrom(text, response.statusCode), summary, header(response, "x-request-id"), undefined);
      }
      return parseBody(call.schema, text, summary);
    }
  }

  /** Sends a call whose successful body is a stream; the caller must consume or dump the body. */
  async stream(call: ApiCall<never>): Promise<Dispatcher.ResponseData> {
    return this.send(call);
  }

  private async send(call: ApiCall<unknown>): Promise<Dispatcher.ResponseData> {
    const summary: RequestSummary = { method: call.method, path: call.path };
    const url = this.url(call);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.apiKey}`,
      accept: "application/json, application/problem+json",
      ...call.headers,
    };
    let payload: string | undefined;
    if (call.body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(call.body);
    }
    let failedAttempts = 0;
    let rateLimitWaits = 0;
    for (;;) {
      await this.limiter.acquire(call.signal);
      let response: Dispatcher.ResponseData;
      try {
        response = await undiciRequest(url, {
          method: call.method,
          headers,
          body: payload,
          dispatcher: this.dispatcher,
          signal: call.signal,
          ...(call.bodyTimeoutMs === undefined ? {} : { bodyTimeout: call.bodyTimeoutMs }),
          ...(call.headersTimeoutMs === undefined ? {} : { headersTimeout: call.headersTimeoutMs }),
        });
      } catch (error) {
        if (call.signal?.aborted) throw call.signal.reason;
        failedAttempts += 1;
        if (failedAttempts < this.retry.maxAttempts && (IDEMPOTENT.has(call.method) || wasNotSent(error))) {
          await this.clock.sleep(this.backoffMs(failedAttempts), call.signal);
          continue;
        }
        throw new ConnectionError(summary, error);
      }

      const windows = parseRateLimitHeaders(header(response, "ratelimit"), header(response, "ratelimit-policy"));
      this.limiter.observe(windows);
      if (response.statusCode < 400 || call.resultStatuses?.includes(response.statusCode)) return response;

      const problem = await readProblem(response);
      const requestId = header(response, "x-request-id");
      const retryAfterSeconds = parseRetryAfter(header(response, "retry-after"), this.clock.now());

      if (response.statusCode === 429) {
        const exhausted = windows.filter((w) => w.remaining === 0);
        const longWindow = exhausted.find(isFailFast);
        if (longWindow || /\bday\b/i.test(problem.detail)) {
          throw new QuotaExhaustedError(longWindow?.name ?? "day", retryAfterSeconds ?? longWindow?.resetSeconds ?? 86_400);
        }
        rateLimitWaits += 1;
        if (rateLimitWaits <= this.retry.maxRateLimitWaits) {
          // Retry-After wins over the RateLimit headers; without either, back off as for a 5xx.
          const waitMs =
            retryAfterSeconds !== undefined
              ? retryAfterSeconds * 1000
              : Math.max(0, ...exhausted.map((w) => w.resetSeconds * 1000), this.backoffMs(rateLimitWaits));
          await this.clock.sleep(waitMs, call.signal);
          continue;
        }
        throw new RateLimitError(problem, summary, requestId, retryAfterSeconds);
      }

      if (response.statusCode >= 500 && IDEMPOTENT.has(call.method)) {
        failedAttempts += 1;
        if (failedAttempts < this.retry.maxAttempts) {
          await this.clock.sleep(retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : this.backoffMs(failedAttempts), call.signal);
          continue;
        }
      }
      throw apiErrorFor(problem, summary, requestId, retryAfterSeconds);
    }
  }

  /** Exponential backoff with full jitter: uniform in [0, min(cap, base * 2^(attempt-1))]. */
  private backoffMs(attempt: number): number {
    const ceiling = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1));
    return Math.floor(this.random() * ceiling);
  }

  private url(call: ApiCall<unknown>): string {
    const url = new URL(this.baseUrl + call.path);
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }
}

function header(response: Dispatcher.ResponseData, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

function wasNotSent(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && NOT_SENT_CODES.has(code);
}

function parseBody<T>(schema: z.ZodType<T>, text: string, summary: RequestSummary): T {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ResponseShapeError(summary, `not JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ResponseShapeError(summary, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  }
  return parsed.data;
}

/** Reads an error body as a problem. */
async function readProblem(response: Dispatcher.ResponseData): Promise<Problem> {
  return problemFrom(await response.body.text(), response.statusCode);
}

/** An error body as a problem; a body that is not one still yields a problem with the status. */
function problemFrom(text: string, status: number): Problem {
  const parsed = problemSchema.safeParse(safeJson(text));
  // The HTTP status is authoritative; a body that disagrees must not change the error class.
  if (parsed.success) return { ...parsed.data, status };
  return { title: `HTTP ${status}`, status, detail: text.slice(0, 500) || "no detail given" };
}

/** Parsed JSON, or undefined for text that is not JSON. */
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `Retry-After` as seconds: an integer, or an HTTP date relative to now. */
function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
}
