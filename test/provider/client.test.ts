// Client behaviour against the real emulator over HTTP: errors, retries, Retry-After, RateLimit headers.
// Time is virtual (shared by client and emulator), so waits are asserted exactly without waiting.
import { Agent } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  AuthenticationError,
  BadRequestError,
  ComputePlatformClient,
  ConflictError,
  ConnectionError,
  NotFoundError,
  OutcomeUnknownError,
  PermissionDeniedError,
  QuotaExhaustedError,
  RateLimitError,
  RateLimiter,
  ServerError,
  UnprocessableEntityError,
  WaitTimeoutError,
} from "../../provider";
import { virtualTime } from "./virtualTime";

const KEY = "sk-client-test-0123456789";
const READ_ONLY_KEY = "sk-client-read-only";

function clientFor(emulator: Emulator, clock = virtualTime(), apiKey = KEY): ComputePlatformClient {
  return new ComputePlatformClient({ baseUrl: emulator.url, apiKey, clock, random: () => 0.5, limiter: new RateLimiter({ clock }) });
}

const podBody = { name: "c1", image: "alpine:3", gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 } };

describe("client against the emulator", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({
      apiKeys: [KEY, { key: READ_ONLY_KEY, readOnly: true }],
      rateLimit: { minute: 1000, hour: 20000, day: 200000 },
    });
  });
  afterAll(async () => emulator.close());
  afterEach(() => {
    emulator.faults.clear();
    emulator.resetRequests();
  });

  describe("problem responses become typed errors", () => {
    it("404 is a NotFoundError with the problem and request id", async () => {
      const error = await clientFor(emulator)
        .pods.get("nope")
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      const notFound = error as NotFoundError;
      expect(notFound.status).toBe(404);
      expect(notFound.request).toEqual({ method: "GET", path: "/v2/pods/nope" });
      expect(notFound.requestId).toMatch(/.+/);
      expect(notFound.message).toBe(
        `GET /v2/pods/nope failed with 404 ${notFound.title}: ${notFound.detail} [request ${notFound.requestId}]`,
      );
    });

    it("401 is an AuthenticationError whose message never contains the key", async () => {
      const secret = "sk-wrong-secret-value";
      const error = await clientFor(emulator, virtualTime(), secret)
        .pods.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(String((error as Error).message)).not.toContain(secret);
      expect(JSON.stringify(error)).not.toContain(secret);
    });

    it("403 for a read-only key writing is a PermissionDeniedError", async () => {
      await expect(clientFor(emulator, virtualTime(), READ_ONLY_KEY).pods.create(podBody)).rejects.toBeInstanceOf(PermissionDeniedError);
    });

    it("400 lists the individual failures", async () => {
      const error = (await clientFor(emulator)
        .pods.create({ ...podBody, mounts: { persistent: { size: 20, path: "/a" }, network: [{ volumeId: "v", path: "/b" }] } })
        .catch((e: unknown) => e)) as BadRequestError;
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.status).toBe(400);
    });

    it("422 for a partial mount entry", async () => {
      await expect(
        clientFor(emulator).pods.create({ ...podBody, mounts: { network: [{ volumeId: "v" } as never] } }),
      ).rejects.toBeInstanceOf(UnprocessableEntityError);
    });

    it("409 for an action the status does not allow", async () => {
      const client = clientFor(emulator);
      const pod = await client.pods.create(podBody);
      await expect(client.pods.action(pod.id, "start")).rejects.toBeInstanceOf(ConflictError);
      await client.pods.delete(pod.id);
    });
  });

  describe("retries", () => {
    it("retries a GET through two 503s with jittered exponential backoff", async () => {
      const clock = virtualTime();
      emulator.faults.injectStatus(503, { count: 2, method: "GET", path: "/v2/network-volumes" });
      await expect(clientFor(emulator, clock).networkVolumes.list()).resolves.toEqual(expect.any(Array));
      expect(emulator.requests.filter((r) => r.path === "/v2/network-volumes").map((r) => r.status)).toEqual([503, 503, 200]);
      // random() = 0.5: half of 250 ms, then half of 500 ms.
      expect(clock.slept).toEqual([125, 250]);
    });

    it("gives up at its default time-out, 120 s after it started, and surfaces a ServerError", async () => {
      const clock = virtualTime();
      emulator.faults.injectStatus(500, { count: 100, method: "GET", path: "/v2/network-volumes" });
      await expect(clientFor(emulator, clock).networkVolumes.list()).rejects.toBeInstanceOf(ServerError);
      // 7875 ms of doubling backoff, then 28 pauses at the (jittered) cap of 4000 ms: the next would start at 123875 ms.
      expect(clock.slept).toEqual([125, 250, 500, 1000, 2000, 4000, ...Array<number>(28).fill(4000)]);
      expect(emulator.requests.filter((r) => r.path === "/v2/network-volumes")).toHaveLength(35);
    });

    it("never retries a POST that reached the server", async () => {
      emulator.faults.injectStatus(503, { count: 1, method: "POST", path: "/v2/network-volumes" });
      await expect(clientFor(emulator).networkVolumes.create({ name: "once", size: 10, dataCenter: "US-TX-3" })).rejects.toBeInstanceOf(
        ServerError,
      );
      expect(emulator.requests.filter((r) => r.method === "POST")).toHaveLength(1);
      expect(emulator.snapshot().networkVolumes.filter((v) => v.name === "once")).toEqual([]);
    });

    it("retries a GET whose connection was dropped", async () => {
      emulator.faults.dropConnections(1, { method: "GET", path: "/v2/network-volumes" });
      await expect(clientFor(emulator).networkVolumes.list()).resolves.toEqual(expect.any(Array));
      expect(emulator.requests.filter((r) => r.path === "/v2/network-volumes").length).toBe(2);
    });

    it("does not retry a POST whose connection was dropped, and says that its outcome is unknown", async () => {
      emulator.faults.dropConnections(1, { method: "POST", path: "/v2/network-volumes" });
      const error = await clientFor(emulator)
        .networkVolumes.create({ name: "dropped", size: 10, dataCenter: "US-TX-3" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as Error).message).toMatch(
        /^POST \/v2\/network-volumes may have reached the API before the connection failed \(.+\); whether it took effect is unknown, so it was not sent again$/,
      );
      expect(emulator.requests.filter((r) => r.method === "POST").length).toBe(1);
    });

    it("retries a GET whose answer was cut off after its headers", async () => {
      emulator.faults.truncateResponses(1, { method: "GET", path: "/v2/network-volumes" });
      await expect(clientFor(emulator).networkVolumes.list()).resolves.toEqual(expect.any(Array));
      expect(emulator.requests.filter((r) => r.path === "/v2/network-volumes").map((r) => r.status)).toEqual([200, 200]);
    });

    it("reports a POST whose answer was cut off as a ConnectionError, not as a bad response, and does not retry it", async () => {
      emulator.faults.truncateResponses(1, { method: "POST", path: "/v2/network-volumes" });
      const error = await clientFor(emulator)
        .networkVolumes.create({ name: "cut-off", size: 10, dataCenter: "US-TX-3" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(emulator.requests.filter((r) => r.method === "POST")).toHaveLength(1);
      const [made] = emulator.snapshot().networkVolumes.filter((v) => v.name === "cut-off");
      await clientFor(emulator).networkVolumes.delete(made!.id);
    });

    it("reports a refused connection as a ConnectionError after its retries", async () => {
      const clock = virtualTime();
      const closed = new ComputePlatformClient({
        baseUrl: "http://127.0.0.1:1",
        apiKey: KEY,
        clock,
        random: () => 0.5,
        retry: { callTimeoutMs: 5000 },
      });
      const error = await closed.pods.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).not.toBeInstanceOf(OutcomeUnknownError);
      expect(clock.slept).toEqual([125, 250, 500, 1000, 2000]);
    });
  });

  describe("one deadline per call, whatever fails", () => {
    const budgeted = (clock = virtualTime(), callTimeoutMs?: number) =>
      new ComputePlatformClient({
        baseUrl: emulator.url,
        apiKey: KEY,
        clock,
        random: () => 0.5,
        limiter: new RateLimiter({ clock }),
        retry: { callTimeoutMs },
      });
    const volumeRequests = () => emulator.requests.filter((r) => r.path === "/v2/network-volumes").map((r) => r.status);

    it("sends a GET whose answer keeps being cut off until its time-out, then fails", async () => {
      const clock = virtualTime();
      emulator.faults.truncateResponses(20, { method: "GET", path: "/v2/network-volumes" });
      const error = await budgeted(clock, 5000)
        .networkVolumes.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(volumeRequests()).toEqual([200, 200, 200, 200, 200, 200]);
      expect(clock.slept).toEqual([125, 250, 500, 1000, 2000]);
    });

    it("counts 429 waits against the same time-out", async () => {
      const clock = virtualTime();
      emulator.faults.rateLimitStorm({ count: 20, retryAfterSeconds: 7 });
      const error = await budgeted(clock, 25_000)
        .networkVolumes.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfterSeconds).toBe(7);
      expect(volumeRequests()).toEqual([429, 429, 429, 429]);
      expect(clock.slept).toEqual([7000, 7000, 7000]);
    });

    it("spends one time-out across 5xx answers and 429s in a row", async () => {
      const clock = virtualTime();
      emulator.faults.injectStatus(503, { count: 2, method: "GET", path: "/v2/network-volumes" });
      emulator.faults.rateLimitStorm({ count: 2, retryAfterSeconds: 3 });
      const error = await budgeted(clock, 6000)
        .networkVolumes.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(volumeRequests()).toEqual([503, 503, 429, 429]);
      expect(clock.slept).toEqual([125, 250, 3000]);
    });

    it("rides out the same faults when the time-out allows one more try", async () => {
      const clock = virtualTime();
      emulator.faults.injectStatus(503, { count: 2, method: "GET", path: "/v2/network-volumes" });
      emulator.faults.rateLimitStorm({ count: 2, retryAfterSeconds: 3 });
      await expect(budgeted(clock, 6500).networkVolumes.list()).resolves.toEqual(expect.any(Array));
      expect(volumeRequests()).toEqual([503, 503, 429, 429, 200]);
      expect(clock.slept).toEqual([125, 250, 3000, 3000]);
    });

    it("follows a Retry-After longer than the backoff cap", async () => {
      const clock = virtualTime();
      emulator.faults.rateLimitStorm({ count: 1, retryAfterSeconds: 45 });
      await expect(budgeted(clock).networkVolumes.list()).resolves.toEqual(expect.any(Array));
      expect(clock.slept).toEqual([45_000]);
    });

    it("sends once when its next try could only start past its time-out", async () => {
      emulator.faults.injectStatus(502, { count: 1, method: "GET", path: "/v2/network-volumes" });
      await expect(budgeted(virtualTime(), 1).networkVolumes.list()).rejects.toBeInstanceOf(ServerError);
      expect(volumeRequests()).toEqual([502]);
    });

    it.each([0, 86_400_001, 2.5])("refuses a time-out of %s ms", (callTimeoutMs) => {
      expect(() => budgeted(virtualTime(), callTimeoutMs)).toThrow(
        `retry.callTimeoutMs must be an integer from 1 to 86400000, got ${callTimeoutMs}`,
      );
    });
  });

  describe("a call with a deadline of its own rides out faults that would pass until it", () => {
    const volumeRequests = () => emulator.requests.filter((r) => r.path === "/v2/network-volumes").map((r) => r.status);

    it("waits out ten 429s in a row, each to its Retry-After", async () => {
      const clock = virtualTime();
      emulator.faults.rateLimitStorm({ count: 10, retryAfterSeconds: 3 });
      await expect(clientFor(emulator, clock).networkVolumes.list({ deadline: clock.now() + 120_000 })).resolves.toEqual(expect.any(Array));
      expect(volumeRequests()).toEqual([...Array(10).fill(429), 200]);
      expect(clock.slept).toEqual(Array(10).fill(3000));
    });

    it("backs off through ten 503s on a GET, the delays capped", async () => {
      const clock = virtualTime();
      emulator.faults.injectStatus(503, { count: 10, method: "GET", path: "/v2/network-volumes" });
      await expect(clientFor(emulator, clock).networkVolumes.list({ deadline: clock.now() + 120_000 })).resolves.toEqual(expect.any(Array));
      expect(volumeRequests()).toEqual([...Array(10).fill(503), 200]);
      expect(clock.slept).toEqual([125, 250, 500, 1000, 2000, 4000, 4000, 4000, 4000, 4000]);
    });

    it("reads again through eight answers cut off after their headers", async () => {
      const clock = virtualTime();
      emulator.faults.truncateResponses(8, { method: "GET", path: "/v2/network-volumes" });
      await expect(clientFor(emulator, clock).networkVolumes.list({ deadline: clock.now() + 120_000 })).resolves.toEqual(expect.any(Array));
      expect(volumeRequests()).toEqual(Array(9).fill(200));
    });

    it("sends no try that would start at or past the deadline, and fails with the last fault", async () => {
      const clock = virtualTime();
      emulator.faults.injectStatus(503, { count: 20, method: "GET", path: "/v2/network-volumes" });
      const error = await clientFor(emulator, clock)
        .networkVolumes.list({ deadline: clock.now() + 10_000 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerError);
      // After the seventh try, 7875 ms in, the next would start at 11875 ms: past the deadline.
      expect(volumeRequests()).toEqual(Array(7).fill(503));
      expect(clock.slept).toEqual([125, 250, 500, 1000, 2000, 4000]);
    });

    it("surfaces a 429 at once when its Retry-After ends past the deadline", async () => {
      const clock = virtualTime();
      emulator.faults.rateLimitStorm({ count: 1, retryAfterSeconds: 7 });
      const error = await clientFor(emulator, clock)
        .networkVolumes.list({ deadline: clock.now() + 5000 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(volumeRequests()).toEqual([429]);
      expect(clock.slept).toEqual([]);
    });

    it("waits out eight 429s on a create, which the server refused unseen, and makes the pod once", async () => {
      const clock = virtualTime();
      emulator.faults.rateLimitStorm({ count: 8, retryAfterSeconds: 3 });
      const pod = await clientFor(emulator, clock).pods.create({ ...podBody, name: "storm-create" }, { deadline: clock.now() + 120_000 });
      expect(emulator.requests.filter((r) => r.method === "POST").map((r) => r.status)).toEqual([...Array(8).fill(429), 201]);
      expect(
        emulator
          .snapshot()
          .pods.filter((p) => p.name === "storm-create")
          .map((p) => p.id),
      ).toEqual([pod.id]);
    });

    it("never sends a create again after a 503, deadline or not", async () => {
      const clock = virtualTime();
      emulator.faults.injectStatus(503, { count: 1, method: "POST", path: "/v2/pods" });
      const error = await clientFor(emulator, clock)
        .pods.create({ ...podBody, name: "once" }, { deadline: clock.now() + 120_000 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerError);
      expect(emulator.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(["POST /v2/pods 503"]);
    });
  });

  describe("rate limits", () => {
    it("parses RateLimit and RateLimit-Policy into the shared limiter", async () => {
      const clock = virtualTime();
      const limiter = new RateLimiter({ clock });
      const client = new ComputePlatformClient({ baseUrl: emulator.url, apiKey: KEY, clock, limiter });
      await client.catalog.gpus();
      const windows = limiter.snapshot();
      expect(windows.map((w) => [w.name, w.quota, w.windowSeconds])).toEqual([
        ["minute", 1000, 60],
        ["hour", 20000, 3600],
        ["day", 200000, 86400],
      ]);
      for (const window of windows) expect(window.remaining).toBeLessThan(window.quota!);
    });

    it("waits exactly Retry-After on a 429, which wins over the RateLimit headers", async () => {
      const clock = virtualTime();
      emulator.faults.rateLimitStorm({ count: 2, retryAfterSeconds: 7 });
      await expect(clientFor(emulator, clock).catalog.cpus()).resolves.toEqual(expect.any(Array));
      expect(clock.slept).toEqual([7000, 7000]);
      expect(emulator.requests.map((r) => r.status)).toEqual([429, 429, 200]);
    });

    it("ignores malformed RateLimit headers without failing the request", async () => {
      const clock = virtualTime();
      const limiter = new RateLimiter({ clock });
      emulator.faults.malformedRateLimitHeaders(1);
      const client = new ComputePlatformClient({ baseUrl: emulator.url, apiKey: KEY, clock, limiter });
      await expect(client.catalog.dataCenters()).resolves.toEqual(expect.any(Array));
      expect(limiter.snapshot()).toEqual([]);
    });
  });

  describe("quota windows, with the emulator on the client's virtual clock", () => {
    it("slows down before the minute window runs out instead of running into 429s", async () => {
      const clock = virtualTime();
      const tight = await startEmulator({ apiKeys: [KEY], rateLimit: { minute: 10, hour: 1000, day: 10000 }, clock: clock.now });
      try {
        const client = clientFor(tight, clock);
        for (let i = 0; i < 25; i++) await client.catalog.gpus();
        expect(tight.requests.map((r) => r.status)).toEqual(Array(25).fill(200));
        expect(clock.slept.length).toBeGreaterThan(0);
      } finally {
        await tight.close();
      }
    });

    // The day resets at midnight UTC, 12 h after the virtual clock's noon.
    const daySpent = "The API's day rate-limit window is exhausted; it resets in 12 h. Retry after that, or raise the quota.";

    it("sends what is left of the day at once, then fails fast without sending", async () => {
      const clock = virtualTime();
      const tight = await startEmulator({ apiKeys: [KEY], rateLimit: { minute: 100, hour: 100, day: 3 }, clock: clock.now });
      try {
        const client = clientFor(tight, clock);
        for (let i = 0; i < 3; i++) await client.pods.list();
        const error = await client.pods.list().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(QuotaExhaustedError);
        expect((error as Error).message).toBe(daySpent);
        expect(clock.slept).toEqual([]);
        expect(tight.requests.map((r) => r.status)).toEqual([200, 200, 200]);
      } finally {
        await tight.close();
      }
    });

    it.each([
      ["whose RateLimit headers show the day spent", false],
      ["whose detail alone names the day window", true],
    ])("fails fast on a 429 %s, at once", async (_label, malformedHeaders) => {
      const clock = virtualTime();
      const tight = await startEmulator({ apiKeys: [KEY], rateLimit: { minute: 100, hour: 100, day: 1 }, clock: clock.now });
      try {
        // Another process spent the day; this client has not heard of it.
        await clientFor(tight, clock).pods.list();
        if (malformedHeaders) tight.faults.malformedRateLimitHeaders(1);
        const error = await clientFor(tight, clock)
          .pods.list()
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(QuotaExhaustedError);
        expect((error as Error).message).toBe(daySpent);
        expect(clock.slept).toEqual([]);
        expect(tight.requests.map((r) => r.status)).toEqual([200, 429]);
      } finally {
        await tight.close();
      }
    });
  });

  describe("waiting for pods", () => {
    it("serves every waiter from one list per tick, at a fifth of a 60-a-minute quota", async () => {
      const clock = virtualTime();
      const tight = await startEmulator({
        apiKeys: [KEY],
        rateLimit: { minute: 60, hour: 3000, day: 50000 },
        timings: { provisioningMs: 3000, startingMs: 3000 },
        clock: clock.now,
      });
      try {
        const client = clientFor(tight, clock);
        const pods = await Promise.all([1, 2, 3].map((i) => client.pods.create({ ...podBody, name: `p${i}` })));
        tight.resetRequests();
        const running = await Promise.all(
          pods.map((pod) =>
            client.podWatcher.waitFor({
              id: pod.id,
              wanted: "RUNNING",
              until: (p) => p?.status === "RUNNING",
              deadline: clock.now() + 60_000,
              timeoutSeconds: 60,
            }),
          ),
        );
        expect(running.map((pod) => pod?.status)).toEqual(["RUNNING", "RUNNING", "RUNNING"]);
        // RUNNING 6 s after create. A fifth of 60 a minute is one list every 5 s, the first 5 s after the wait
        // began: STARTING at 5 s, RUNNING at 10 s.
        expect(clock.slept).toEqual([5000, 5000]);
        expect(tight.requests.map((r) => `${r.method} ${r.path}`)).toEqual(Array(2).fill("GET /v2/pods"));
      } finally {
        await tight.close();
      }
    });

    it("names the deadline the resource set when the wait times out, however late the wait began", async () => {
      const clock = virtualTime();
      const slow = await startEmulator({ apiKeys: [KEY], timings: { provisioningMs: 60_000, startingMs: 300 }, clock: clock.now });
      try {
        const client = clientFor(slow, clock);
        const deadline = clock.now() + 3000;
        const pod = await client.pods.create(podBody);
        // The create took 2 s of the resource's 3.
        clock.advance(2000);
        const error = await client.podWatcher
          .waitFor({ id: pod.id, wanted: "RUNNING", until: (p) => p?.status === "RUNNING", deadline, timeoutSeconds: 3 })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WaitTimeoutError);
        expect((error as Error).message).toBe(`pod ${pod.id} did not become RUNNING within 3s (last seen: PROVISIONING)`);
      } finally {
        await slow.close();
      }
    });
  });

  describe("waiting for pods through faults that would pass", () => {
    const startTight = (clock: ReturnType<typeof virtualTime>) =>
      startEmulator({
        apiKeys: [KEY],
        rateLimit: { minute: 60, hour: 3000, day: 50000 },
        timings: { provisioningMs: 3000, startingMs: 3000 },
        clock: clock.now,
      });
    const running = (client: ComputePlatformClient, id: string, deadline: number, timeoutSeconds: number) =>
      client.podWatcher.waitFor({ id, wanted: "RUNNING", until: (p) => p?.status === "RUNNING", deadline, timeoutSeconds });

    it("keeps polling through a 429 storm longer than six tries, never sooner than its Retry-After", async () => {
      const clock = virtualTime();
      const tight = await startTight(clock);
      try {
        const client = clientFor(tight, clock);
        const pods = await Promise.all([1, 2, 3, 4].map((i) => client.pods.create({ ...podBody, name: `s${i}` })));
        tight.resetRequests();
        tight.faults.rateLimitStorm({ count: 10, retryAfterSeconds: 3 });
        const settled = await Promise.all(pods.map((pod) => running(client, pod.id, clock.now() + 120_000, 120)));
        expect(settled.map((pod) => pod?.status)).toEqual(["RUNNING", "RUNNING", "RUNNING", "RUNNING"]);
        expect(tight.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
          ...Array(10).fill("GET /v2/pods 429"),
          "GET /v2/pods 200",
        ]);
        // One interval (a fifth of the minute quota), then one list that waits out each 429 to its Retry-After.
        expect(clock.slept).toEqual([5000, ...Array(10).fill(3000)]);
      } finally {
        await tight.close();
      }
    });

    it("fails a waiter only at its own deadline, naming the fault, while the others wait on", async () => {
      const clock = virtualTime();
      const tight = await startTight(clock);
      try {
        const client = clientFor(tight, clock);
        const [early, late] = await Promise.all([
          client.pods.create({ ...podBody, name: "early" }),
          client.pods.create({ ...podBody, name: "late" }),
        ]);
        tight.resetRequests();
        tight.faults.rateLimitStorm({ count: 12, retryAfterSeconds: 3 });
        const start = clock.now();
        const earlyWait = running(client, early!.id, start + 20_000, 20).catch((e: unknown) => ({
          error: e,
          listsSent: tight.requests.length,
        }));
        const lateWait = running(client, late!.id, start + 120_000, 120);
        const { error, listsSent } = (await earlyWait) as { error: unknown; listsSent: number };
        expect(error).toBeInstanceOf(WaitTimeoutError);
        expect((error as Error).message).toMatch(
          new RegExp(
            `^pod ${early!.id} did not become RUNNING within 20s \\(last seen: not listed yet\\); the last look failed: GET /v2/pods failed with 429 `,
          ),
        );
        // The first list came 1667 ms in (a fifth of the minute quota over the 20 s horizon); its seventh try, 3 s
        // apart, came 1.7 s before the deadline and an eighth could only start after it. The first look after the
        // deadline, one interval later, still met the storm: the early waiter failed, and the late one waited on.
        expect(listsSent).toBe(8);
        expect((await lateWait)?.status).toBe("RUNNING");
        expect(tight.requests.map((r) => r.status)).toEqual([...Array(12).fill(429), 200]);
      } finally {
        await tight.close();
      }
    });

    it("fails every waiter at once for a fault that would not pass", async () => {
      const clock = virtualTime();
      const tight = await startTight(clock);
      try {
        const client = clientFor(tight, clock);
        const pod = await client.pods.create({ ...podBody, name: "refused" });
        tight.resetRequests();
        tight.faults.injectStatus(403, { count: 1, method: "GET", path: "/v2/pods" });
        await expect(running(client, pod.id, clock.now() + 120_000, 120)).rejects.toBeInstanceOf(PermissionDeniedError);
        expect(tight.requests.map((r) => r.status)).toEqual([403]);
      } finally {
        await tight.close();
      }
    });
  });

  describe("pod logs", () => {
    it("stays on a quiet pod past the agent's body timeout until the signal aborts", async () => {
      // An agent whose body timeout is far shorter than the wait: an open log stream must not be subject to it.
      const impatient = new Agent({ bodyTimeout: 200 });
      const client = new ComputePlatformClient({ baseUrl: emulator.url, apiKey: KEY, dispatcher: impatient });
      const pod = await client.pods.create({ ...podBody, name: "quiet" });
      const stop = new AbortController();
      const reason = new Error("stopped reading");
      setTimeout(() => stop.abort(reason), 800);
      const seen: string[] = [];
      const reading = (async () => {
        for await (const entry of client.pods.logs(pod.id, { signal: stop.signal })) seen.push(entry.line);
      })();
      await expect(reading).rejects.toBe(reason);
      expect(seen.length).toBeGreaterThan(0);
      await client.pods.delete(pod.id);
      await impatient.close();
    });

    it("streams the pod's output as {ts, source, line} entries whose ids resume the stream", async () => {
      const clock = virtualTime();
      const timed = await startEmulator({ apiKeys: [KEY], clock: clock.now });
      try {
        const client = clientFor(timed, clock);
        const createdAt = clock.now();
        const pod = await client.pods.create(podBody);
        clock.advance(60_000);
        const entry = (position: number, offset: number, line: string | ReturnType<typeof expect.stringMatching>) => {
          const ts = new Date(createdAt + offset).toISOString();
          return { id: `${ts}/${String(position).padStart(12, "0")}`, ts, source: "system", line };
        };
        const system = [
          entry(1, 0, expect.stringMatching(/^Scheduled on a 1 x NVIDIA GeForce RTX 4090 host in [A-Z]{2}-[A-Z]{2}-\d$/)),
          entry(2, 0, "Pulling image alpine:3"),
          entry(3, 200, "Image alpine:3 pulled"),
          entry(4, 200, "Starting container"),
          entry(5, 500, "Container is running"),
        ];
        expect(await take(client.pods.logs(pod.id, { source: "system" }), 5)).toEqual(system);
        expect(await take(client.pods.logs(pod.id, { source: "system", tail: 2 }), 2)).toEqual(system.slice(-2));
        const entries = await take(client.pods.logs(pod.id, { source: "system" }), 5);
        const resumed = await take(client.pods.logs(pod.id, { source: "system", lastEventId: entries[0]!.id }), 4);
        expect(resumed).toEqual(system.slice(1));
      } finally {
        await timed.close();
      }
    });
  });
});

/** The first `count` items of a stream that stays open; leaving the loop closes it. */
async function take<Item>(items: AsyncGenerator<Item>, count: number): Promise<Item[]> {
  const taken: Item[] = [];
  for await (const item of items) if (taken.push(item) === count) break;
  return taken;
}
