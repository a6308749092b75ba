import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { budgetIntervalMs, pacingDelayMs, parseRateLimitHeaders, RateLimiter } from "../../provider/client/ratelimit";
import { QuotaExhaustedError } from "../../provider/client/errors";
import type { Clock } from "../../provider/client/clock";

function fakeClock(start = 0): Clock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

describe("parseRateLimitHeaders", () => {
  it("joins RateLimit with RateLimit-Policy by window name", () => {
    expect(
      parseRateLimitHeaders('"minute";r=59;t=30, "hour";r=2999;t=1800, "day";r=49999;t=80000', '"minute";q=60;w=60, "hour";q=3000;w=3600'),
    ).toEqual([
      { name: "minute", remaining: 59, resetSeconds: 30, quota: 60, windowSeconds: 60 },
      { name: "hour", remaining: 2999, resetSeconds: 1800, quota: 3000, windowSeconds: 3600 },
      { name: "day", remaining: 49999, resetSeconds: 80000 },
    ]);
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["not a structured list", "minute=5;;"],
    ["unterminated string", '"minute;r=1;t=2'],
  ])("ignores a %s header", (_label, header) => {
    expect(parseRateLimitHeaders(header, '"minute";q=60;w=60')).toEqual([]);
  });

  it("skips members without integer r and t, keeps the rest", () => {
    expect(parseRateLimitHeaders('"minute";r=1.5;t=3, "hour";r=-1;t=3, "day";t=5, "week";r=4;t=9', undefined)).toEqual([
      { name: "week", remaining: 4, resetSeconds: 9 },
    ]);
  });

  it("never throws, whatever the header", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(Array.isArray(parseRateLimitHeaders(a, b))).toBe(true);
      }),
    );
  });
});

describe("pacingDelayMs", () => {
  const window = { name: "minute", quota: 60, windowSeconds: 60, resetSeconds: 30 };
  it.each([
    [60, 0],
    [7, 0],
    [6, 4285],
    [1, 15000],
    [0, 30000],
  ])("remaining %i waits %i ms", (remaining, delay) => {
    expect(pacingDelayMs({ ...window, remaining }, 0.1)).toBe(delay);
  });

  it("never waits past the reset and waits less as more remains", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 3600 }),
        (quota, remaining, reset) => {
          const w = { name: "m", quota, resetSeconds: reset };
          const delay = pacingDelayMs({ ...w, remaining }, 0.1);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThanOrEqual(reset * 1000);
          expect(pacingDelayMs({ ...w, remaining: remaining + 1 }, 0.1)).toBeLessThanOrEqual(delay);
        },
      ),
    );
  });
});

describe("RateLimiter", () => {
  it("waits out an exhausted minute window, then counts in the next one", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    limiter.observe([{ name: "minute", remaining: 0, resetSeconds: 12, quota: 60, windowSeconds: 60 }]);
    await limiter.acquire();
    expect(clock.slept).toEqual([12_000]);
    await limiter.acquire();
    expect(clock.slept).toEqual([12_000]);
  });

  it("fails fast on an exhausted day window, naming it", async () => {
    const limiter = new RateLimiter({ clock: fakeClock() });
    limiter.observe([{ name: "day", remaining: 0, resetSeconds: 7200 }]);
    await expect(limiter.acquire()).rejects.toThrow(new QuotaExhaustedError("day", 7200));
    await expect(limiter.acquire()).rejects.toThrow("The API's day rate-limit window is exhausted; it resets in 2 h.");
  });

  it("sends what is left of a day window at once, then fails fast instead of waiting for the day to reset", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    limiter.observe([{ name: "day", remaining: 2, resetSeconds: 43_200, quota: 3, windowSeconds: 86_400 }]);
    await limiter.acquire();
    await limiter.acquire();
    await expect(limiter.acquire()).rejects.toThrow(new QuotaExhaustedError("day", 43_200));
    expect(clock.slept).toEqual([]);
  });

  it("waits out an exhausted hour window however long it has left, and paces a low one", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    limiter.observe([{ name: "hour", remaining: 0, resetSeconds: 3000, quota: 100, windowSeconds: 3600 }]);
    await limiter.acquire();
    expect(clock.slept).toEqual([3_000_000]);
    limiter.observe([{ name: "hour", remaining: 1, resetSeconds: 3600, quota: 100, windowSeconds: 3600 }]);
    await limiter.acquire();
    // 1 left for an hour, below a tenth of the quota: it waits its share of the hour, half of it.
    expect(clock.slept).toEqual([3_000_000, 1_800_000]);
  });

  it("counts concurrent requests against the window and spreads them over what is left of it", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    limiter.observe([{ name: "minute", remaining: 2, resetSeconds: 60, quota: 60, windowSeconds: 60 }]);
    await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);
    // 2 left for 60 s: the first goes at once, the second after its share of the time left (60 s / 2), the
    // third when the window resets, into a fresh one.
    expect(clock.slept).toEqual([30_000, 30_000]);
    expect(limiter.snapshot()).toEqual([{ name: "minute", remaining: 59, resetSeconds: 60, quota: 60, windowSeconds: 60 }]);
  });

  it("sends one request before the first answer, then paces the rest by what it said", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    const sent: number[] = [];
    const requests = [1, 2, 3].map((n) => limiter.acquire().then(() => sent.push(n)));
    await requests[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([1]);
    limiter.observe([{ name: "minute", remaining: 59, resetSeconds: 60, quota: 60, windowSeconds: 60 }]);
    await Promise.all(requests);
    expect(sent).toEqual([1, 2, 3]);
    expect(limiter.snapshot()).toEqual([{ name: "minute", remaining: 57, resetSeconds: 60, quota: 60, windowSeconds: 60 }]);
  });

  it("does not make everything wait for a first request that the server holds open", async () => {
    const limiter = new RateLimiter({ clock: fakeClock() });
    const sent: string[] = [];
    const requests = [
      limiter.acquire(undefined, true).then(() => sent.push("held open")),
      limiter.acquire().then(() => sent.push("probe")),
      limiter.acquire().then(() => sent.push("after the first answer")),
    ];
    await requests[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(["held open", "probe"]);
    limiter.observe([]);
    await Promise.all(requests);
    expect(sent).toEqual(["held open", "probe", "after the first answer"]);
  });

  it("keeps the lower count while a window lasts: an answer does not count the requests still on their way", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    limiter.observe([{ name: "minute", remaining: 50, resetSeconds: 40, quota: 60, windowSeconds: 60 }]);
    for (let i = 0; i < 10; i++) await limiter.acquire();
    limiter.observe([{ name: "minute", remaining: 49, resetSeconds: 40, quota: 60, windowSeconds: 60 }]);
    expect(limiter.snapshot()).toEqual([{ name: "minute", remaining: 40, resetSeconds: 40, quota: 60, windowSeconds: 60 }]);
    limiter.observe([{ name: "minute", remaining: 30, resetSeconds: 40, quota: 60, windowSeconds: 60 }]);
    expect(limiter.snapshot()).toEqual([{ name: "minute", remaining: 30, resetSeconds: 40, quota: 60, windowSeconds: 60 }]);
  });

  it("takes a later window's report as it is, and ignores a late report of a window that has reset", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    limiter.observe([{ name: "minute", remaining: 3, resetSeconds: 5, quota: 60, windowSeconds: 60 }]);
    clock.now = () => 6000;
    limiter.observe([{ name: "minute", remaining: 58, resetSeconds: 59, quota: 60, windowSeconds: 60 }]);
    expect(limiter.snapshot()).toEqual([{ name: "minute", remaining: 58, resetSeconds: 59, quota: 60, windowSeconds: 60 }]);
    limiter.observe([{ name: "minute", remaining: 1, resetSeconds: 0, quota: 60, windowSeconds: 60 }]);
    expect(limiter.snapshot()).toEqual([{ name: "minute", remaining: 58, resetSeconds: 59, quota: 60, windowSeconds: 60 }]);
  });

  it("forgets a window without a policy once it resets", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    limiter.observe([{ name: "minute", remaining: 0, resetSeconds: 7 }]);
    await limiter.acquire();
    expect(clock.slept).toEqual([7000]);
    expect(limiter.snapshot()).toEqual([]);
  });
});

describe("budgetIntervalMs", () => {
  const tenMinutes = 600_000;
  it.each([
    ["no windows", [], 0],
    ["a fresh 60-a-minute window", [{ name: "minute", remaining: 60, resetSeconds: 60 }], 2000],
    ["a half-spent minute window", [{ name: "minute", remaining: 30, resetSeconds: 30 }], 2000],
    ["a fresh 1000-a-minute window", [{ name: "minute", remaining: 1000, resetSeconds: 60 }], 120],
    ["an exhausted window", [{ name: "minute", remaining: 0, resetSeconds: 12 }], 24000],
    ["a day window alone, which is never paced", [{ name: "day", remaining: 5, resetSeconds: 86_400 }], 0],
    [
      "a minute window beside a nearly spent day window",
      [
        { name: "minute", remaining: 30, resetSeconds: 30 },
        { name: "day", remaining: 2, resetSeconds: 86_400 },
      ],
      2000,
    ],
    [
      "the tightest of several",
      [
        { name: "minute", remaining: 300, resetSeconds: 60 },
        { name: "hour", remaining: 100, resetSeconds: 3600 },
      ],
      12000,
    ],
  ])("%s, its quota unknown: every %i ms at half of what is left", (_label, windows, interval) => {
    expect(budgetIntervalMs(windows, 0.5, tenMinutes)).toBe(interval);
  });

  const reference = { quota: 60, windowSeconds: 60 };
  it.each([
    { label: "a fresh 60-a-minute window", windows: [{ name: "minute", remaining: 60, resetSeconds: 60, ...reference }], interval: 5000 },
    {
      label: "a nearly spent 60-a-minute window",
      windows: [{ name: "minute", remaining: 4, resetSeconds: 50, ...reference }],
      interval: 5000,
    },
    {
      label: "a 1000-a-minute window",
      windows: [{ name: "minute", remaining: 900, resetSeconds: 10, quota: 1000, windowSeconds: 60 }],
      interval: 300,
    },
    {
      label: "the reference quota of 60 a minute, 3000 an hour and 50000 a day",
      windows: [
        { name: "minute", remaining: 60, resetSeconds: 60, ...reference },
        { name: "hour", remaining: 3000, resetSeconds: 3600, quota: 3000, windowSeconds: 3600 },
        { name: "day", remaining: 50000, resetSeconds: 86_400, quota: 50000, windowSeconds: 86_400 },
      ],
      interval: 5000,
    },
  ])("$label: every $interval ms at a fifth of each window, whatever is left", ({ windows, interval }) => {
    expect(budgetIntervalMs(windows, 0.2, tenMinutes)).toBe(interval);
  });

  it("never lets a repeating request spend more than its share of what a window has left", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ remaining: fc.integer({ min: 1, max: 100_000 }), resetSeconds: fc.integer({ min: 1, max: 86_400 }) }), {
          maxLength: 3,
        }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 86_400_000 }),
        (specs, share, horizonMs) => {
          const windows = specs.map((w, i) => ({ name: `w${i}`, ...w }));
          const interval = budgetIntervalMs(windows, share, horizonMs);
          for (const w of windows) {
            const requests = Math.min(w.resetSeconds * 1000, horizonMs) / Math.max(interval, 1);
            expect(requests).toBeLessThanOrEqual(w.remaining * share + 1e-9);
          }
        },
      ),
    );
  });
});
