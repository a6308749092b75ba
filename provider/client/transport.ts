import { Agent, type Dispatcher, request as undiciRequest } from "undici";
import type { z } from "zod";
import { problemSchema, type Problem } from "../wire/problem";
import { type Clock, systemClock } from "./clock";
import { apiErrorFor, ConnectionError, OutcomeUnknownError, QuotaExhaustedError, type RequestSummary, ResponseShapeError } from "./errors";
import { isFailFast, parseRateLimitHeaders, RateLimiter } from "./ratelimit";
import type { RequestOptions } from "./requestOptions";
import { isIdempotent, type RetryOptions, retryOptions, type Tried, untilAnswered } from "./retry";

export type { RetryOptions } from "./retry";
export type { RequestOptions } from "./requestOptions";

/** Query parameters of a call; undefined ones are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

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
export interface ApiCall<T> extends RequestOptions {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path below the base URL, starting with `/v2/`. */
  path: string;
  query?: Query;
  body?: unknown;
  /** Shape of a 2xx JSON body; omitted for calls answered with 204. */
  schema?: z.ZodType<T>;
  headers?: Record<string, string>;
  /** Longest silence while the body streams in, in ms; 0 for streams that stay open. @default the agent's 60 s */
  bodyTimeoutMs?: number;
  /**
   * The server holds this call open before answering (a sync job wait): it does not go out alone ahead of the rest
   * to learn the rate-limit windows, or everything else would wait for it.
   */
  heldOpen?: boolean;
  /**
   * Error statuses whose body, when it matches `schema`, is the call's result rather than a problem: the job API
   * answers a failed sync job with the job under 400.
   */
  resultStatuses?: readonly number[];
}

// Failures that happen before the request leaves this machine: safe to retry for any method.
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);

type UndiciOptions = NonNullable<Parameters<typeof undiciRequest<null>>[1]>;

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
  /** How far the server's clock (the `Date` of its last answer) is ahead of ours. */
  private serverOffsetMs = 0;

  constructor(options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.apiKey = options.apiKey;
    this.retry = retryOptions(options.retry);
    this.clock = options.clock ?? systemClock;
    this.limiter = options.limiter ?? new RateLimiter({ clock: this.clock });
    this.random = options.random ?? Math.random;
    this.dispatcher = options.dispatcher ?? sharedAgent();
  }

  /** The server's time now, as the `Date` of its last answer tells it (to the second); ours before any answer. */
  serverNow(): number {
    return this.clock.now() + this.serverOffsetMs;
  }

  /** Sends a JSON call and returns its parsed body (undefined for 204). */
  async json<T>(call: ApiCall<T>): Promise<T> {
    const summary = { method: call.method, path: call.path };
    const answer = await this.send(call, async (response) => {
      if (response.statusCode === 204 || !call.schema) {
        await response.body.dump();
        return undefined;
      }
      return { status: response.statusCode, text: await response.body.text(), requestId: header(response, "x-request-id") };
    });
    if (answer === undefined || !call.schema) return undefined as T;
    if (answer.status >= 400) {
      const result = call.schema.safeParse(safeJson(answer.text));
      if (result.success) return result.data;
      throw apiErrorFor(problemFrom(answer.text, answer.status), summary, answer.requestId, undefined);
    }
    return parseBody(call.schema, answer.text, summary);
  }

  /** Sends a call whose successful body is a stream; the caller must consume or dump the body. */
  async stream(call: ApiCall<never>): Promise<Dispatcher.ResponseData> {
    return this.send(call, async (response) => response);
  }

  /** GETs `path` and returns its body, checked against `schema`. */
  get<T>(path: string, schema: z.ZodType<T>, options?: RequestOptions, query?: Query): Promise<T> {
    return this.json({ ...options, method: "GET", path, query, schema });
  }

  /** POSTs `body` (nothing when undefined) to `path` and returns the answer, checked against `schema`. */
  post<T>(path: string, body: unknown, schema: z.ZodType<T>, options?: RequestOptions): Promise<T> {
    return this.json({ ...options, method: "POST", path, body, schema });
  }

  /** PATCHes `path` with `body` and returns the answer, checked against `schema`. */
  patch<T>(path: string, body: unknown, schema: z.ZodType<T>, options?: RequestOptions): Promise<T> {
    return this.json({ ...options, method: "PATCH", path, body, schema });
  }

  /** PUTs `body` at `path` and returns the answer, checked against `schema`. */
  put<T>(path: string, body: unknown, schema: z.ZodType<T>, options?: RequestOptions): Promise<T> {
    return this.json({ ...options, method: "PUT", path, body, schema });
  }

  /** DELETEs `path`; its answer has no body. */
  async delete(path: string, options?: RequestOptions): Promise<void> {
    await this.json({ ...options, method: "DELETE", path });
  }

  /**
   * Sends a call until it is answered, in the one retry loop, whose one deadline covers 5xx answers, dropped
   * connections, cut-off answers and 429 waits alike: the call's own, else {@link RetryOptions.callTimeoutMs} from now.
   * `complete` reads a successful answer's body; a body cut off there fails the try like a dropped connection.
   */
  private async send<R>(call: ApiCall<unknown>, complete: (response: Dispatcher.ResponseData) => Promise<R>): Promise<R> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.apiKey}`,
      accept: "application/json, application/problem+json",
      ...call.headers,
    };
    if (call.body !== undefined) headers["content-type"] = "application/json";
    const options: UndiciOptions = {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      dispatcher: this.dispatcher,
      signal: call.signal,
      ...(call.bodyTimeoutMs === undefined ? {} : { bodyTimeout: call.bodyTimeoutMs }),
      ...(call.timeout === undefined ? {} : { headersTimeout: call.timeout }),
    };
    const url = this.url(call);
    const deadline = call.deadline ?? this.clock.now() + this.retry.callTimeoutMs;
    const loop = { method: call.method, deadline, signal: call.signal, options: this.retry, clock: this.clock, random: this.random };
    return untilAnswered(async () => {
      await this.limiter.acquire(call.signal, call.heldOpen);
      return this.attempt(call, url, options, complete);
    }, loop);
  }

  /** One try of a call: its answer, or how it failed and the error that reports the failure. */
  private async attempt<R>(
    call: ApiCall<unknown>,
    url: string,
    options: UndiciOptions,
    complete: (response: Dispatcher.ResponseData) => Promise<R>,
  ): Promise<Tried<R>> {
    const summary: RequestSummary = { method: call.method, path: call.path };
    const connectionFailure = (error: unknown, sent: boolean) => {
      if (call.signal?.aborted) throw call.signal.reason;
      if (!sent) return { result: { kind: "unsent" } as const, error: new ConnectionError(summary, error) };
      const fateUnknown = !isIdempotent(call.method);
      return {
        result: { kind: "interrupted" } as const,
        error: fateUnknown ? new OutcomeUnknownError(summary, error) : new ConnectionError(summary, error),
      };
    };
    let response: Dispatcher.ResponseData;
    try {
      response = await undiciRequest(url, options);
    } catch (error) {
      this.limiter.observe([]);
      return connectionFailure(error, !wasNotSent(error));
    }
    const windows = parseRateLimitHeaders(header(response, "ratelimit"), header(response, "ratelimit-policy"));
    this.limiter.observe(windows);
    const serverDate = Date.parse(header(response, "date") ?? "");
    if (!Number.isNaN(serverDate)) this.serverOffsetMs = serverDate - this.clock.now();
    let text: string;
    try {
      if (response.statusCode < 400 || call.resultStatuses?.includes(response.statusCode)) return { answer: await complete(response) };
      text = await response.body.text();
    } catch (error) {
      return connectionFailure(error, true);
    }
    const problem = problemFrom(text, response.statusCode);
    const retryAfterSeconds = parseRetryAfter(header(response, "retry-after"), this.clock.now());
    const exhaustedWindows = windows.filter((window) => window.remaining === 0);
    if (response.statusCode === 429) {
      const longWindow = exhaustedWindows.find(isFailFast);
      if (longWindow || /\bday\b/i.test(problem.detail)) {
        throw new QuotaExhaustedError(longWindow?.name ?? "day", retryAfterSeconds ?? longWindow?.resetSeconds ?? 86_400);
      }
    }
    return {
      result: {
        kind: "answered",
        status: response.statusCode,
        retryAfterMs: retryAfterSeconds === undefined ? undefined : retryAfterSeconds * 1000,
        exhaustedWindows,
      },
      error: apiErrorFor(problem, summary, header(response, "x-request-id"), retryAfterSeconds),
    };
  }

  /** The call's URL; throws, before anything is sent, when its path would not reach the server as written. */
  private url(call: ApiCall<unknown>): string {
    const url = new URL(this.baseUrl + call.path);
    if (url.pathname !== new URL(this.baseUrl).pathname.replace(/\/$/, "") + call.path.split("?")[0]) {
      throw new RangeError(`path: ${call.path} resolves to ${url.pathname}; nothing was sent`);
    }
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

/** `text` as `schema` reads it: a {@link ResponseShapeError} naming the call when it is not JSON or not of that shape. */
export function parseBody<T>(schema: z.ZodType<T>, text: string, summary: RequestSummary): T {
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
