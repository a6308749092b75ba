import { parseList } from "structured-headers";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API_KEY, expectProblem, gpuPod, type Harness, ManualClock, startHarness } from "./harness";

const READ_ONLY_KEY = "read-only-key";
const OTHER_ACCOUNT_KEY = "other-account-key";

const rateLimit = (minute: string, hour: string, day: string) => `"minute";${minute}, "hour";${hour}, "day";${day}`;

describe("per-account fixed windows", () => {
  const clock = new ManualClock();
  let harness: Harness;

  beforeAll(async () => {
    clock.advance(15_000);
    harness = await startHarness({
      clock: clock.read,
      rateLimit: { minute: 3, hour: 5, day: 100 },
      apiKeys: [API_KEY, { key: READ_ONLY_KEY, readOnly: true }, { key: OTHER_ACCOUNT_KEY, account: "other" }],
    });
  });

  afterAll(() => harness.emulator.close());

  test("200, 403 and 404 all count and carry RateLimit and RateLimit-Policy", async () => {
    const ok = await harness.call("GET", "/v2/pods");
    const forbidden = await harness.call("POST", "/v2/pods", { key: READ_ONLY_KEY, body: gpuPod() });
    const notFound = await harness.call("GET", "/v2/pods/missing000");
    expect([ok.status, forbidden.status, notFound.status]).toEqual([200, 403, 404]);
    expect([ok, forbidden, notFound].map((answer) => answer.headers.ratelimit)).toEqual([
      rateLimit("r=2;t=45", "r=4;t=3585", "r=99;t=86385"),
      rateLimit("r=1;t=45", "r=3;t=3585", "r=98;t=86385"),
      rateLimit("r=0;t=45", "r=2;t=3585", "r=97;t=86385"),
    ]);
    for (const answer of [ok, forbidden, notFound]) {
      expect(answer.headers["ratelimit-policy"]).toBe(rateLimit("q=3;w=60", "q=5;w=3600", "q=100;w=86400"));
      expect(() => parseList(answer.headers.ratelimit ?? "")).not.toThrow();
      expect(() => parseList(answer.headers["ratelimit-policy"] ?? "")).not.toThrow();
    }
  });

  test("an exhausted window answers 429 naming it, with Retry-After, and does not count the rejection", async () => {
    const unauthenticated = await harness.call("GET", "/v2/pods", { key: "wrong" });
    expect(unauthenticated.headers.ratelimit).toBeUndefined();
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await harness.call("GET", "/v2/pods");
      expectProblem(answer, 429, "Rate limit exceeded for the minute window");
      expect(answer.headers["retry-after"]).toBe("45");
      expect(answer.headers.ratelimit).toBe(rateLimit("r=0;t=45", "r=2;t=3585", "r=97;t=86385"));
    }
  });

  test("accounts have separate quotas", async () => {
    const answer = await harness.call("GET", "/v2/pods", { key: OTHER_ACCOUNT_KEY });
    expect(answer.status).toBe(200);
    expect(answer.headers.ratelimit).toBe(rateLimit("r=2;t=45", "r=4;t=3585", "r=99;t=86385"));
  });

  test("the minute window resets on the minute; the hour window then runs out", async () => {
    clock.advance(45_000);
    const first = await harness.call("GET", "/v2/pods");
    const second = await harness.call("GET", "/v2/pods");
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.ratelimit).toBe(rateLimit("r=1;t=60", "r=0;t=3540", "r=95;t=86340"));
    const limited = await harness.call("GET", "/v2/pods");
    expectProblem(limited, 429, "Rate limit exceeded for the hour window");
    expect(limited.headers["retry-after"]).toBe("3540");
  });
});

test("when several windows are exhausted, the longest one is named and waited for", async () => {
  const clock = new ManualClock(Date.parse("2026-03-02T10:59:30.000Z"));
  const harness = await startHarness({ clock: clock.read, rateLimit: { minute: 2, hour: 2, day: 2 } });
  try {
    await harness.call("GET", "/v2/pods");
    await harness.call("GET", "/v2/pods");
    const answer = await harness.call("GET", "/v2/pods");
    expectProblem(answer, 429, "Rate limit exceeded for the day window");
    expect(answer.headers["retry-after"]).toBe(String(13 * 3600 + 30));
  } finally {
    await harness.emulator.close();
  }
});

test("rate-limit-exempt callers get no RateLimit headers and no 429", async () => {
  const harness = await startHarness({ rateLimit: false });
  try {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => harness.call("GET", index % 2 ? "/v2/pods" : "/v2/pods/missing000")),
    );
    expect(answers.map((answer) => answer.status)).toEqual([404, 200, 404, 200, 404]);
    for (const answer of answers) {
      expect(answer.headers.ratelimit).toBeUndefined();
      expect(answer.headers["ratelimit-policy"]).toBeUndefined();
    }
  } finally {
    await harness.emulator.close();
  }
});

test("the default quotas are 1000 a minute, 20000 an hour and 200000 a day", async () => {
  const harness = await startHarness();
  try {
    const answer = await harness.call("GET", "/v2/pods");
    expect(answer.headers["ratelimit-policy"]).toBe(rateLimit("q=1000;w=60", "q=20000;w=3600", "q=200000;w=86400"));
  } finally {
    await harness.emulator.close();
  }
});
