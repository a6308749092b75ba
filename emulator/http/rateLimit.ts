import { type Item, serializeList } from "structured-headers";
import type { RateLimitQuotas } from "../options";
import { Problem } from "./problem";

type WindowName = keyof RateLimitQuotas;

const WINDOWS: ReadonlyArray<{ name: WindowName; seconds: number }> = [
  { name: "minute", seconds: 60 },
  { name: "hour", seconds: 3600 },
  { name: "day", seconds: 86400 },
];

interface WindowState {
  name: WindowName;
  quota: number;
  seconds: number;
  remaining: number;
  resetSeconds: number;
}

export type RateLimitHeaders = {
  RateLimit: string;
  "RateLimit-Policy": string;
};

export interface RateLimitDecision {
  headers: RateLimitHeaders;
  /** The 429 to answer when a window is exhausted, else null. */
  rejection: Problem | null;
}

/** Per-account request counts over fixed minute, hour and day windows aligned to the epoch. */
export class RateLimiter {
  /** account → window name → [window start ms, requests counted in it] */
  private readonly counts = new Map<string, Map<WindowName, [number, number]>>();

  constructor(
    private readonly quotas: RateLimitQuotas,
    private readonly clock: () => number,
  ) {}

  /**
   * Counts one request of the account, or rejects it when a window is exhausted; a rejected request is not counted.
   * Retry-After is the reset of the exhausted window, the longest one when several are.
   */
  take(account: string): RateLimitDecision {
    const windows = this.windows(account);
    const exhausted = windows.filter((window) => window.remaining <= 0);
    if (exhausted.length > 0) {
      const longest = exhausted.reduce((a, b) => (b.resetSeconds > a.resetSeconds ? b : a));
      return { headers: headersFor(windows), rejection: tooManyRequests(longest.name, longest.resetSeconds) };
    }
    const counts = this.countsOf(account);
    for (const window of windows) {
      const entry = counts.get(window.name);
      if (entry === undefined) throw new Error(`window ${window.name} was not initialised`);
      entry[1] += 1;
      window.remaining -= 1;
    }
    return { headers: headersFor(windows), rejection: null };
  }

  /** The headers describing the account's windows, without counting a request. */
  peek(account: string): RateLimitHeaders {
    return headersFor(this.windows(account));
  }

  private windows(account: string): WindowState[] {
    const now = this.clock();
    const counts = this.countsOf(account);
    return WINDOWS.map(({ name, seconds }) => {
      const length = seconds * 1000;
      const start = Math.floor(now / length) * length;
      let entry = counts.get(name);
      if (entry === undefined || entry[0] !== start) {
        entry = [start, 0];
        counts.set(name, entry);
      }
      const quota = this.quotas[name];
      return {
        name,
        quota,
        seconds,
        remaining: Math.max(0, quota - entry[1]),
        resetSeconds: Math.ceil((start + length - now) / 1000),
      };
    });
  }

  private countsOf(account: string): Map<WindowName, [number, number]> {
    let counts = this.counts.get(account);
    if (counts === undefined) {
      counts = new Map();
      this.counts.set(account, counts);
    }
    return counts;
  }
}

/** The 429 naming the exhausted window, with the seconds until it resets as Retry-After. */
export function tooManyRequests(window: WindowName, retryAfterSeconds: number): Problem {
  return new Problem(429, `Rate limit exceeded for the ${window} window`, undefined, {
    "retry-after": String(retryAfterSeconds),
  });
}

function headersFor(windows: readonly WindowState[]): RateLimitHeaders {
  return {
    RateLimit: serializeList(
      windows.map((window): Item => [
        window.name,
        new Map([
          ["r", window.remaining],
          ["t", window.resetSeconds],
        ]),
      ]),
    ),
    "RateLimit-Policy": serializeList(
      windows.map((window): Item => [
        window.name,
        new Map([
          ["q", window.quota],
          ["w", window.seconds],
        ]),
      ]),
    ),
  };
}

/** Headers that no structured-field parser accepts, for testing how clients cope. */
export const MALFORMED_RATE_LIMIT_HEADERS: RateLimitHeaders = {
  RateLimit: '"minute";r=;t=12, hour r=?',
  "RateLimit-Policy": '"minute";q=60;w=60,, "day";q=@',
};
