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
 * The shortest interval at which a request repeated for `horizonMs` spends at most `share` of each window's
 * quota: a bounded share of every window, whatever others have spent of it, so that polling always leaves the
 * rest to the requests that change things and to the user's other tools. A window whose quota is unknown
 * counts what it has left. Only the part of a window within the horizon counts, and a day-long window not at all:
 * it is never paced but spent and then failed fast ({@link isFailFast}), so a wait never sleeps for its share.
 * @example budgetIntervalMs([{ name: "minute", remaining: 40, resetSeconds: 30, quota: 60, windowSeconds: 60 }], 0.2, 600_000) // 5000
 */
export function budgetIntervalMs(windows: readonly RateLimitWindow[], share: number, horizonMs: number): number {
  let intervalMs = 0;
  for (const window of windows) {
    if (isFailFast(window)) continue;
    const known = window.quota !== undefined && window.windowSeconds !== undefined;
    const spanMs = Math.min(known ? window.windowSeconds! * 1000 : window.resetSeconds * 1000, horizonMs);
    const requests = known ? window.quota! : window.remaining;
    intervalMs = Math.max(intervalMs, Math.ceil(spanMs / (share * Math.max(requests, 1))));
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

interface TrackedWindow {
  name: string;
  remaining: number;
  /** When the window resets, in ms since the epoch; never earlier than the server's reset. */
  resetsAt: number;
  quota?: number;
  windowSeconds?: number;
}

// Reports of one window reset within a second of each other (`t` is rounded up to whole seconds).
const SAME_RESET_TOLERANCE_MS = 1000;

/**
 * Client-side view of the server's rate-limit windows, shared by every request of one API key in this
 * process, so that concurrent resources slow down together instead of each running into 429s.
 *
 * Requests take turns: each waits until every window allows it, then counts against them. The count never
 * exceeds what the server reported or what was sent since, whichever is lower, because an answer does not
 * count the requests still on their way. A window whose quota and length are known starts afresh at its
 * reset instead of being forgotten, so that requests waiting for the reset do not burst into the new window.
 */
export class RateLimiter {
  private readonly clock: Clock;
  private readonly lowWaterFraction: number;
  private readonly windows = new Map<string, TrackedWindow>();
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private turns: Promise<void> = Promise.resolve();
  /** Settled by the first {@link observe}; until then one request goes out, to learn the windows. */
  private readonly firstReport: Promise<void>;
  private reportArrived!: () => void;
  private sentFirst = false;

  constructor(options: RateLimiterOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.lowWaterFraction = options.lowWaterFraction ?? 0.1;
    this.firstReport = new Promise((resolve) => (this.reportArrived = resolve));
  }

  /**
   * Waits as long as the known windows require before one request, and counts it against them.
   * @param heldOpen The server holds this request open before answering (a sync job wait): it is not the one
   *   request that goes out before the first answer, or everything else would wait for it.
   * @throws QuotaExhaustedError when a window of a day or longer has nothing left.
   */
  acquire(signal?: AbortSignal, heldOpen = false): Promise<void> {
    const turn = this.turns.then(() => this.takeTurn(signal, heldOpen));
    this.turns = turn.catch(() => undefined);
    return turn;
  }

  private async takeTurn(signal: AbortSignal | undefined, heldOpen: boolean): Promise<void> {
    // A burst sent before any answer could not be paced: fifty creates would run into 429s at 60 a minute.
    if (this.sentFirst) await this.firstReport;
    this.sentFirst ||= !heldOpen;
    for (let delayMs = this.delayMs(); delayMs > 0; delayMs = this.delayMs()) await this.clock.sleep(delayMs, signal);
    for (const window of this.windows.values()) window.remaining -= 1;
    this.lastSentAt = this.clock.now();
  }

  /**
   * How long the next request must still wait: until a spent window resets, or its share of a low one.
   * Windows of a day or longer are neither waited for nor paced.
   * @throws QuotaExhaustedError when a window of a day or longer has nothing left.
   */
  private delayMs(): number {
    const now = this.clock.now();
    let delayMs = 0;
    for (const window of this.current(now)) {
      if (isFailFast(window)) {
        if (window.remaining <= 0) throw new QuotaExhaustedError(window.name, window.resetSeconds);
        // Pacing a window that is never waited out would be waiting for it: a day quota of 3 spread over the
        // hours left would hold the request for half a day. What is left of it goes at once.
        continue;
      }
      const untilReset = window.resetSeconds * 1000;
      const wait = window.remaining <= 0 ? untilReset : pacingDelayMs(window, this.lowWaterFraction) - (now - this.lastSentAt);
      delayMs = Math.max(delayMs, Math.min(wait, untilReset));
    }
    return delayMs;
  }

  /**
   * Records what a response said about the windows, keeping the lower count while a window lasts. Called once
   * for every request sent, with no windows when its answer had none or never came.
   */
  observe(windows: readonly RateLimitWindow[]): void {
    this.reportArrived();
    const now = this.clock.now();
    for (const { resetSeconds, ...window } of windows) {
      const reported = { ...window, resetsAt: now + resetSeconds * 1000 };
      const tracked = this.rolledOver(this.windows.get(window.name), now);
      const tolerance = tracked?.windowSeconds === undefined ? SAME_RESET_TOLERANCE_MS : (tracked.windowSeconds * 1000) / 2;
      if (!tracked || reported.resetsAt > tracked.resetsAt + tolerance) this.windows.set(window.name, reported);
      else if (reported.resetsAt >= tracked.resetsAt - tolerance) {
        tracked.remaining = Math.min(tracked.remaining, reported.remaining);
        tracked.resetsAt = Math.min(tracked.resetsAt, reported.resetsAt);
      }
      // Otherwise the report is of a window that has since reset here, and tells nothing new.
    }
  }

  /** The windows as known now, with their reset times relative to now. */
  snapshot(): RateLimitWindow[] {
    return this.current(this.clock.now());
  }

  private current(now: number): RateLimitWindow[] {
    const windows: RateLimitWindow[] = [];
    for (const tracked of this.windows.values()) {
      const window = this.rolledOver(tracked, now);
      if (!window) continue;
      const { resetsAt, ...rest } = window;
      windows.push({ ...rest, resetSeconds: Math.max(0, Math.ceil((resetsAt - now) / 1000)) });
    }
    return windows;
  }

  /** The window as of `now`: started afresh if it has reset and its policy is known, else forgotten once reset. */
  private rolledOver(window: TrackedWindow | undefined, now: number): TrackedWindow | undefined {
    if (!window || now < window.resetsAt) return window;
    if (window.quota === undefined || window.windowSeconds === undefined) {
      this.windows.delete(window.name);
      return undefined;
    }
    const lengthMs = window.windowSeconds * 1000;
    window.resetsAt += Math.ceil((now - window.resetsAt + 1) / lengthMs) * lengthMs;
    window.remaining = window.quota;
    return window;
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
