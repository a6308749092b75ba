// Pacing and polling of the client against the real emulator at the reference quota (60 requests a minute),
// with pods that take 60 s to become RUNNING. Time is virtual and shared by client and emulator, so the call
// counts are exact and the test takes no minutes. `npm run bench` measures the same through the Pulumi engine.
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { ComputePlatformClient, RateLimiter } from "../../provider";
import { pollDelayMs } from "../../provider/client/podWatcher";
import { virtualTime } from "./virtualTime";

const KEY = "sk-pacing-test-0123456789";
const reference = { minute: 60, hour: 3000, day: 50000 };
const cpuPod = (name: string) => ({ name, image: "alpine:3", cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 } });

describe("pollDelayMs", () => {
  it.each([
    { unchangedTicks: 0, budgetMs: 0, delay: 1000 },
    { unchangedTicks: 3, budgetMs: 0, delay: 8000 },
    { unchangedTicks: 4, budgetMs: 0, delay: 10_000 },
    { unchangedTicks: 40, budgetMs: 0, delay: 10_000 },
    { unchangedTicks: 0, budgetMs: 5000, delay: 5000 },
    { unchangedTicks: 3, budgetMs: 5000, delay: 8000 },
    { unchangedTicks: 2, budgetMs: 24_000, delay: 24_000 },
  ])("after $unchangedTicks unchanged ticks, with a budget of $budgetMs ms: $delay ms", ({ unchangedTicks, budgetMs, delay }) => {
    expect(pollDelayMs(unchangedTicks, 1000, 10_000, budgetMs)).toBe(delay);
  });
});

describe("at 60 requests a minute, pods RUNNING 60 s after create", () => {
  let emulator: Emulator | undefined;
  afterEach(async () => emulator?.close());

  async function start(clock: ReturnType<typeof virtualTime>) {
    emulator = await startEmulator({
      apiKeys: [KEY],
      rateLimit: reference,
      timings: { provisioningMs: 50_000, startingMs: 10_000 },
      clock: clock.now,
    });
    return new ComputePlatformClient({ baseUrl: emulator.url, apiKey: KEY, clock, random: () => 0.5, limiter: new RateLimiter({ clock }) });
  }

  it("creates 50 pods and waits for them with 50 POSTs and 9 lists, without a 429", async () => {
    const clock = virtualTime();
    const client = await start(clock);
    const pods = await Promise.all(Array.from({ length: 50 }, (_, i) => client.pods.create(cpuPod(`p${i}`))));
    const running = await Promise.all(
      pods.map((pod) =>
        client.podWatcher.waitFor({
          id: pod.id,
          wanted: "RUNNING",
          until: (p) => p?.status === "RUNNING",
          deadline: clock.now() + 600_000,
          timeoutSeconds: 600,
        }),
      ),
    );
    expect(running.map((pod) => pod?.status)).toEqual(Array(50).fill("RUNNING"));
    const calls = emulator!.requests.map((r) => `${r.method} ${r.path} ${r.status}`);
    expect(calls.filter((c) => c === "POST /v2/pods 201")).toHaveLength(50);
    expect(calls.filter((c) => c === "GET /v2/pods 200")).toHaveLength(9);
    expect(calls).toHaveLength(59);
    // One list every 5 s (a fifth of the minute window), backing off to 8 s and 10 s while every pod is
    // PROVISIONING, back to 5 s once they turn STARTING at 50 s; RUNNING seen at 63 s, 3 s after the floor.
    expect(clock.slept).toEqual([5000, 5000, 5000, 8000, 10_000, 10_000, 10_000, 5000, 5000]);
  });

  it("paces 100 creates across two minute windows without a 429", async () => {
    const clock = virtualTime();
    const client = await start(clock);
    // One after the other: virtual time would otherwise run ahead of requests still on their way.
    for (let i = 0; i < 100; i++) await client.pods.create(cpuPod(`p${i}`));
    const statuses = emulator!.requests.map((r) => r.status);
    expect(statuses).toEqual(Array(100).fill(201));
    // 54 go at once. The last 6 of the first window are spread over what is left of it (60 s / 7, then the time
    // left over the requests left, from the last one sent); the 61st waits for the reset, rounded up to whole
    // seconds as the RateLimit header gives it, and the other 39 fit the next window.
    expect(clock.slept).toEqual([8571, 8666, 8600, 8750, 8666, 8500, 9000]);
  });
});
