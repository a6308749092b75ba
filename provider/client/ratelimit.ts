import { parseList, isInnerList } from "structured-headers";
import { QuotaExhaustedError } from "./errors";
import { type Clock, systemClock } from "./clock";

/** One rate-limit window as reported by the `RateLimit` and `RateLimit-Policy` response headers. */
export interface RateLimitWindow {
  /** Window name, for example `minute`, `hour` or `day`. */
  name: string;
  /** Requests left in the current window (`r`). */
  remaining: number;
  /** Seconds until the window resets (`t`). */
  resetSeconds: number;
  /** Requests allowed per window (`q` of the policy), when the policy names this window. */
  quota?: number;
  /** Length of the window in seconds (`w` of the policy), when the policy names this window. */
  windowSeconds?: number;
}

/** Windows this long or longer are not waited out inside a deployment: the client fails fast instead. */
const FAIL_FAST_WINDOW_SECONDS = 86_400;

/**
 * Parses `RateLimit` (`"minute";r=59;t=30, ...`) and `RateLimit-Policy` (`"minute";q=60;w=60, ...`).
 * Returns no windows for a missing or malformed `RateLimit` header, and skips members without integer
 * `r` and `t`: a bad header must never fail a request that otherwise succeeded.
 */
export function parseRateLimitHeaders(rateLimit: string | undefined, policy: string | undefined): RateLimitWindow[] {
  const remaining = parseMembers(rateLimit);
  const policies = new Map(parseMembers(policy).map((member) => [member.name, member.params]));
  const windows: RateLimitWindow[] = [];
  for (const { name, params } of remaining) {
    const r = params.get("r");
    const t = params.get("t");
    if (!isNonNegativeInteger(r) || !isNonNegativeInteger(t)) continue;
    const window: RateLimitWindow = { name, remaining: r, resetSeconds: t };
    const q = policies.get(name)?.get("q");
    const w = policies.get(name)?.get("w");
    if (isNonNegativeInteger(q)) window.quota = q;
    if (isNonNegativeInteger(w) && w > 0) window.windowSeconds = w;
    windows.push(window);
  }
  return windows;
}

/** How long to wait before one more request, given a window's state. Pure, for the limiter and its tests. */
export function pacingDelayMs(window: RateLimitWindow, lowWaterFraction: number): number {
  const resetMs = window.resetSeconds * 1000;
  if (window.remaining <= 0) return resetMs;
  const lowWater = window.quota === undefined ? 1 : Math.max(1, Math.floor(window.quota * lowWaterFraction));
  if (window.remaining > lowWater) return 0;
  // Near the end of a window, spread what is left evenly over the time left instead of bursting into a 429.
  return Math.floor(resetMs / (window.remaining + 1));
}

/**
 * The shortest interval at which a request repeated for `horizonMs` spends at most `share` of what is left
 * in each window before it resets, so that polling leaves the rest to requests that change things. A day
 * window barely constrains a ten-minute wait; a minute window does.
 */
export function budgetIntervalMs(windows: readonly RateLimitWindow[], share: number, horizonMs: number): number {
  let intervalMs = 0;
  for (const window of windows) {
    const spanMs = Math.min(window.resetSeconds * 1000, horizonMs);
    intervalMs = Math.max(intervalMs, Math.ceil(spanMs / (share * Math.max(window.remaining, 1))));
  }
  return intervalMs;
}

/** Options of a {@link RateLimiter}. */
export interface RateLimiterOptions {
  /** Time source and sleep; tests pass a fake. @default the system clock */
  clock?: Clock;
  /** Fraction of a window's quota below which requests are spaced out. 0 to 1. @default 0.1 */
  lowWaterFraction?: number;
}

interface TrackedWindow extends RateLimitWindow {
  resetsAt: number;
}

/**
 * Client-side view of the server's rate-limit windows, shared by every request of one API key in this
 * process, so that concurrent resources slow down together instead of each running into 429s.
 */
export class RateLimiter {
  private readonly clock: Clock;
  private readonly lowWaterFraction: number;
  private readonly windows = new Map<string, TrackedWindow>();

  constructor(options: RateLimiterOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.lowWaterFraction = options.lowWaterFraction ?? 0.1;
  }

  /**
   * Waits as long as the known windows require before one request, and counts it against them.
   * @throws QuotaExhaustedError when a window of a day or longer has nothing left.
   */
  async acquire(signal?: AbortSignal): Promise<void> {
    const now = this.clock.now();
    let delayMs = 0;
    for (const window of this.windows.values()) {
      const resetSeconds = Math.max(0, Math.ceil((window.resetsAt - now) / 1000));
      if (resetSeconds === 0) {
        this.windows.delete(window.name);
        continue;
      }
      const current = { ...window, resetSeconds };
      if (current.remaining <= 0 && isFailFast(current)) throw new QuotaExhaustedError(current.name, resetSeconds);
      delayMs = Math.max(delayMs, pacingDelayMs(current, this.lowWaterFraction));
      window.remaining -= 1;
    }
    if (delayMs > 0) await this.clock.sleep(delayMs, signal);
  }

  /** Records what a response said about the windows; the newest report replaces the local count. */
  observe(windows: readonly RateLimitWindow[]): void {
    const now = this.clock.now();
    for (const window of windows) {
      this.windows.set(window.name, { ...window, resetsAt: now + window.resetSeconds * 1000 });
    }
  }

  /** The windows as last reported, with their reset times relative to now. */
  snapshot(): RateLimitWindow[] {
    const now = this.clock.now();
    return [...this.windows.values()].map(({ resetsAt, ...window }) => ({
      ...window,
      resetSeconds: Math.max(0, Math.ceil((resetsAt - now) / 1000)),
    }));
  }
}

/** True when a 429 must not be waited out: a day-long (or longer) window is the one exhausted. */
export function isFailFast(window: Pick<RateLimitWindow, "name" | "windowSeconds" | "resetSeconds">): boolean {
  return window.name === "day" || (window.windowSeconds ?? 0) >= FAIL_FAST_WINDOW_SECONDS;
}

function parseMembers(header: string | undefined): Array<{ name: string; params: Map<string, unknown> }> {
  if (!header) return [];
  let list;
  try {
    list = parseList(header);
  } catch {
    return [];
  }
  const members: Array<{ name: string; params: Map<string, unknown> }> = [];
  for (const member of list) {
    if (isInnerList(member)) continue;
    const [name, params] = member;
    const key = typeof name === "string" ? name : typeof name === "object" && name !== null ? String(name) : undefined;
    if (key !== undefined) members.push({ name: key, params });
  }
  return members;
}

function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}
