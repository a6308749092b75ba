import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import type { RateLimitWindow } from "../../provider/client/ratelimit";
import { type AttemptResult, retryDelayMs, shouldRetry } from "../../provider/client/retry";

const answered = (status: number, retryAfterMs?: number, exhaustedWindows: RateLimitWindow[] = []): AttemptResult => ({
  kind: "answered",
  status,
  retryAfterMs,
  exhaustedWindows,
});
const minuteSpent = { name: "minute", remaining: 0, resetSeconds: 12, quota: 60, windowSeconds: 60 };
const daySpent = { name: "day", remaining: 0, resetSeconds: 7200 };

describe("shouldRetry", () => {
  const sixTries = { maxAttempts: 6 };
  // A call whose deadline is 120 s away, and another whose next try would start a millisecond after its deadline.
  const withinDeadline = { deadline: 120_000, nextTryAt: 3000 };
  const pastDeadline = { deadline: 120_000, nextTryAt: 120_001 };
  it.each([
    { label: "a GET answered 503", method: "GET", result: answered(503), attempt: 1, bound: sixTries, retry: true },
    { label: "a DELETE answered 500", method: "DELETE", result: answered(500), attempt: 5, bound: sixTries, retry: true },
    { label: "a POST answered 503", method: "POST", result: answered(503), attempt: 1, bound: sixTries, retry: false },
    { label: "a PATCH answered 502", method: "PATCH", result: answered(502), attempt: 1, bound: sixTries, retry: false },
    { label: "a GET answered 404", method: "GET", result: answered(404), attempt: 1, bound: sixTries, retry: false },
    { label: "a GET answered 409", method: "GET", result: answered(409), attempt: 1, bound: sixTries, retry: false },
    {
      label: "a POST answered 429 for the minute window",
      method: "POST",
      result: answered(429, 5000, [minuteSpent]),
      attempt: 1,
      bound: sixTries,
      retry: true,
    },
    {
      label: "a GET answered 429 for the day window",
      method: "GET",
      result: answered(429, 7_200_000, [daySpent]),
      attempt: 1,
      bound: sixTries,
      retry: false,
    },
    {
      label: "a POST refused before sending",
      method: "POST",
      result: { kind: "unsent" } as const,
      attempt: 1,
      bound: sixTries,
      retry: true,
    },
    {
      label: "a GET interrupted after sending",
      method: "GET",
      result: { kind: "interrupted" } as const,
      attempt: 1,
      bound: sixTries,
      retry: true,
    },
    {
      label: "a PUT interrupted after sending",
      method: "PUT",
      result: { kind: "interrupted" } as const,
      attempt: 2,
      bound: sixTries,
      retry: true,
    },
    {
      label: "a POST interrupted after sending",
      method: "POST",
      result: { kind: "interrupted" } as const,
      attempt: 1,
      bound: sixTries,
      retry: false,
    },
    { label: "a GET answered 503 on the last try", method: "GET", result: answered(503), attempt: 6, bound: sixTries, retry: false },
    { label: "a 429 on the last try", method: "GET", result: answered(429, 1000), attempt: 6, bound: sixTries, retry: false },
    { label: "a refusal on the last try", method: "GET", result: { kind: "unsent" } as const, attempt: 6, bound: sixTries, retry: false },
    {
      label: "a 429 on the sixth try, within the deadline",
      method: "GET",
      result: answered(429, 3000),
      attempt: 6,
      bound: withinDeadline,
      retry: true,
    },
    {
      label: "a 429 on the fortieth try, within the deadline",
      method: "POST",
      result: answered(429, 3000, [minuteSpent]),
      attempt: 40,
      bound: withinDeadline,
      retry: true,
    },
    {
      label: "a 429 whose Retry-After ends past the deadline",
      method: "GET",
      result: answered(429, 3000),
      attempt: 1,
      bound: pastDeadline,
      retry: false,
    },
    {
      label: "a GET answered 503 on the tenth try, within the deadline",
      method: "GET",
      result: answered(503),
      attempt: 10,
      bound: withinDeadline,
      retry: true,
    },
    { label: "a GET answered 503 past the deadline", method: "GET", result: answered(503), attempt: 2, bound: pastDeadline, retry: false },
    {
      label: "a GET cut off on the eighth try, within the deadline",
      method: "GET",
      result: { kind: "interrupted" } as const,
      attempt: 8,
      bound: withinDeadline,
      retry: true,
    },
    {
      label: "a POST answered 503, within the deadline",
      method: "POST",
      result: answered(503),
      attempt: 1,
      bound: withinDeadline,
      retry: false,
    },
    {
      label: "a POST interrupted, within the deadline",
      method: "POST",
      result: { kind: "interrupted" } as const,
      attempt: 1,
      bound: withinDeadline,
      retry: false,
    },
    {
      label: "a GET answered 429 for the day window, within the deadline",
      method: "GET",
      result: answered(429, 7_200_000, [daySpent]),
      attempt: 1,
      bound: withinDeadline,
      retry: false,
    },
    {
      label: "a GET answered 404, within the deadline",
      method: "GET",
      result: answered(404),
      attempt: 1,
      bound: withinDeadline,
      retry: false,
    },
    {
      label: "a try that would start exactly at the deadline",
      method: "GET",
      result: answered(503),
      attempt: 1,
      bound: { deadline: 120_000, nextTryAt: 120_000 },
      retry: false,
    },
  ])("$label: $retry", ({ method, result, attempt, bound, retry }) => {
    expect(shouldRetry(method, result, attempt, bound)).toBe(retry);
  });

  it("never allows more tries than the budget, whatever fails", () => {
    const results = fc.oneof(
      fc.constant<AttemptResult>({ kind: "unsent" }),
      fc.constant<AttemptResult>({ kind: "interrupted" }),
      fc.integer({ min: 400, max: 599 }).map((status) => answered(status, 1000)),
    );
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"),
        fc.array(results, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 20 }),
        (method, failures, budget) => {
          let tries = 0;
          for (const result of failures) {
            tries += 1;
            if (!shouldRetry(method, result, tries, { maxAttempts: budget })) break;
          }
          expect(tries).toBeLessThanOrEqual(budget);
        },
      ),
    );
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
          for (const [attempt, [result, delayMs]] of failures.entries()) {
            if (!shouldRetry(method, result, attempt + 1, { deadline, nextTryAt: now + delayMs })) return;
            now += delayMs;
            expect(now).toBeLessThan(deadline);
          }
        },
      ),
    );
  });
});

describe("retryDelayMs", () => {
  const options = { maxAttempts: 6, baseDelayMs: 250, maxDelayMs: 8000 };
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
