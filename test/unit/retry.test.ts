import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import type { RateLimitWindow } from "../../provider/client/ratelimit";
import { type AttemptResult, retryDelayMs, retryOptions, shouldRetry, type Tried, untilAnswered } from "../../provider/client/retry";
import { virtualTime } from "../provider/virtualTime";

const answered = (status: number, retryAfterMs?: number, exhaustedWindows: RateLimitWindow[] = []): AttemptResult => ({
  kind: "answered",
  status,
  retryAfterMs,
  exhaustedWindows,
});
const minuteSpent = { name: "minute", remaining: 0, resetSeconds: 12, quota: 60, windowSeconds: 60 };
const daySpent = { name: "day", remaining: 0, resetSeconds: 7200 };

describe("shouldRetry", () => {
  // A call whose deadline is 120 s away, and another whose next try would start a millisecond after its deadline.
  const withinDeadline = { deadline: 120_000, nextTryAt: 3000 };
  const pastDeadline = { deadline: 120_000, nextTryAt: 120_001 };
  it.each([
    { label: "a GET answered 503", method: "GET", result: answered(503), bound: withinDeadline, retry: true },
    { label: "a DELETE answered 500", method: "DELETE", result: answered(500), bound: withinDeadline, retry: true },
    { label: "a POST answered 503", method: "POST", result: answered(503), bound: withinDeadline, retry: false },
    { label: "a PATCH answered 502", method: "PATCH", result: answered(502), bound: withinDeadline, retry: false },
    { label: "a GET answered 404", method: "GET", result: answered(404), bound: withinDeadline, retry: false },
    { label: "a GET answered 409", method: "GET", result: answered(409), bound: withinDeadline, retry: false },
    {
      label: "a POST answered 429 for the minute window",
      method: "POST",
      result: answered(429, 5000, [minuteSpent]),
      bound: withinDeadline,
      retry: true,
    },
    {
      label: "a GET answered 429 for the day window",
      method: "GET",
      result: answered(429, 7_200_000, [daySpent]),
      bound: withinDeadline,
      retry: false,
    },
    { label: "a POST refused before sending", method: "POST", result: { kind: "unsent" } as const, bound: withinDeadline, retry: true },
    {
      label: "a GET interrupted after sending",
      method: "GET",
      result: { kind: "interrupted" } as const,
      bound: withinDeadline,
      retry: true,
    },
    {
      label: "a PUT interrupted after sending",
      method: "PUT",
      result: { kind: "interrupted" } as const,
      bound: withinDeadline,
      retry: true,
    },
    {
      label: "a POST interrupted after sending",
      method: "POST",
      result: { kind: "interrupted" } as const,
      bound: withinDeadline,
      retry: false,
    },
    { label: "a GET answered 503 past the deadline", method: "GET", result: answered(503), bound: pastDeadline, retry: false },
    {
      label: "a 429 whose Retry-After ends past the deadline",
      method: "GET",
      result: answered(429, 3000),
      bound: pastDeadline,
      retry: false,
    },
    { label: "a refusal past the deadline", method: "GET", result: { kind: "unsent" } as const, bound: pastDeadline, retry: false },
    {
      label: "a try that would start exactly at the deadline",
      method: "GET",
      result: answered(503),
      bound: { deadline: 120_000, nextTryAt: 120_000 },
      retry: false,
    },
  ])("$label: $retry", ({ method, result, bound, retry }) => {
    expect(shouldRetry(method, result, bound)).toBe(retry);
  });

  it("never starts a try at or past the deadline, however many came before", () => {
    const results = fc.oneof(
      fc.constant<AttemptResult>({ kind: "unsent" }),
      fc.constant<AttemptResult>({ kind: "interrupted" }),
      fc.integer({ min: 400, max: 599 }).map((status) => answered(status, 1000)),
    );
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"),
        fc.array(fc.tuple(results, fc.integer({ min: 0, max: 10_000 })), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 120_000 }),
        (method, failures, deadline) => {
          let now = 0;
          for (const [result, delayMs] of failures) {
            if (!shouldRetry(method, result, { deadline, nextTryAt: now + delayMs })) return;
            now += delayMs;
            expect(now).toBeLessThan(deadline);
          }
        },
      ),
    );
  });
});

describe("untilAnswered, the one retry loop", () => {
  const options = retryOptions();
  /** A try that failed with `result`, reported as an error naming it. */
  const failed = (result: AttemptResult): Tried<string> => ({ result, error: new Error(JSON.stringify(result)) });
  const cutOff = failed({ kind: "interrupted" });
  it.each([
    {
      label: "an answer at once is returned, with no wait",
      method: "GET",
      timeoutMs: 120_000,
      tries: [],
      outcome: "answer",
      slept: [],
    },
    {
      label: "eight 429s with Retry-After: 3 are each waited out to it, within the call's deadline",
      method: "GET",
      timeoutMs: 120_000,
      tries: Array(8).fill(failed(answered(429, 3000))),
      outcome: "answer",
      slept: Array(8).fill(3000),
    },
    {
      label: "a POST waits out 429s too: the server refused them unseen",
      method: "POST",
      timeoutMs: 600_000,
      tries: Array(8).fill(failed(answered(429, 3000, [minuteSpent]))),
      outcome: "answer",
      slept: Array(8).fill(3000),
    },
    {
      label: "twenty 503s on a GET are backed off, the delays capped, past any count of six tries",
      method: "GET",
      timeoutMs: 120_000,
      tries: Array(20).fill(failed(answered(503))),
      outcome: "answer",
      slept: [125, 250, 500, 1000, 2000, ...Array<number>(15).fill(4000)],
    },
    {
      label: "a GET cut off keeps being read again until its deadline, then fails with the last error",
      method: "GET",
      timeoutMs: 10_000,
      tries: Array(30).fill(cutOff),
      outcome: JSON.stringify({ kind: "interrupted" }),
      slept: [125, 250, 500, 1000, 2000, 4000],
    },
    {
      label: "a 429 whose Retry-After ends past the deadline fails at once, without waiting",
      method: "GET",
      timeoutMs: 5000,
      tries: [failed(answered(429, 7000))],
      outcome: JSON.stringify(answered(429, 7000)),
      slept: [],
    },
    {
      label: "a POST answered 503 is never sent again",
      method: "POST",
      timeoutMs: 600_000,
      tries: [failed(answered(503)), failed(answered(503))],
      outcome: JSON.stringify(answered(503)),
      slept: [],
    },
    {
      label: "a day window spent fails at once, whatever the deadline",
      method: "GET",
      timeoutMs: 600_000,
      tries: [failed(answered(429, 7_200_000, [daySpent]))],
      outcome: JSON.stringify(answered(429, 7_200_000, [daySpent])),
      slept: [],
    },
  ])("$label", async ({ method, timeoutMs, tries, outcome, slept }) => {
    const clock = virtualTime(0);
    const script: Array<Tried<string>> = [...tries, { answer: "answer" }];
    let sent = 0;
    const result = await untilAnswered(async () => script[sent++]!, {
      method,
      deadline: timeoutMs,
      options,
      clock,
      random: () => 0.5,
    }).catch((error: Error) => error.message);
    expect(result).toBe(outcome);
    expect(clock.slept).toEqual(slept);
    expect(sent).toBe(slept.length + 1);
  });
});

describe("retryDelayMs", () => {
  const options = retryOptions();
  const half = () => 0.5;
  it.each([
    { label: "first backoff", result: { kind: "interrupted" } as const, attempt: 1, delay: 125 },
    { label: "third backoff", result: answered(503), attempt: 3, delay: 500 },
    { label: "backoff at its cap", result: { kind: "unsent" } as const, attempt: 10, delay: 4000 },
    { label: "Retry-After on a 503", result: answered(503, 2000), attempt: 1, delay: 2000 },
    { label: "Retry-After past the cap", result: answered(429, 45_000, [minuteSpent]), attempt: 1, delay: 45_000 },
    { label: "Retry-After over the RateLimit headers", result: answered(429, 3000, [minuteSpent]), attempt: 1, delay: 3000 },
    { label: "a 429 without Retry-After waits for the window", result: answered(429, undefined, [minuteSpent]), attempt: 1, delay: 12_000 },
    { label: "a 429 without either backs off", result: answered(429), attempt: 2, delay: 250 },
  ])("$label: $delay ms", ({ result, attempt, delay }) => {
    expect(retryDelayMs(result, attempt, options, half)).toBe(delay);
  });

  it("backs off within [0, min(cap, base * 2^(attempt-1)))", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.double({ min: 0, max: 0.999_999, noNaN: true }), (attempt, jitter) => {
        const delay = retryDelayMs({ kind: "interrupted" }, attempt, options, () => jitter);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(Math.min(8000, 250 * 2 ** (attempt - 1)));
      }),
    );
  });
});
