import { describe, expect, test, vi } from "vitest";
import { BACKLOG_QUIET_MS, backlogOnly } from "../../cli/logs/backlogOnly";
import { parseSince, parseTail } from "../../cli/logs/since";
import type { LogLine } from "../../provider/client";
import { diagnoseEndpoint, diagnosePod, type WorkerCounts } from "../../cli/status/diagnosis";
import { formatDuration } from "../../cli/status/duration";
import { type ResourceStatus, totalCostPerHour } from "../../cli/status/statusReport";
import { formatStatus } from "../../cli/status/statusTable";
import { parse as parseStatus } from "../../cli/status/statusCommand";

const workers = (counts: Partial<WorkerCounts> = {}): WorkerCounts => ({
  running: 0,
  idle: 0,
  initializing: 0,
  throttled: 0,
  unhealthy: 0,
  ...counts,
});

describe("an endpoint's diagnosis", () => {
  test.each([
    {
      case: "queued, all unhealthy",
      workers: workers({ unhealthy: 2 }),
      inQueue: 3,
      max: 3,
      line: "3 jobs in queue, 0 workers running, 2 unhealthy: check the worker logs",
    },
    {
      case: "one queued, one unhealthy",
      workers: workers({ unhealthy: 1 }),
      inQueue: 1,
      max: 3,
      line: "1 job in queue, 0 workers running, 1 unhealthy: check the worker logs",
    },
    {
      case: "queued, throttled",
      workers: workers({ throttled: 2 }),
      inQueue: 4,
      max: 3,
      line: "4 jobs in queue, 0 workers running, 2 throttled: no capacity for its GPU types now; allow more GPU types or data centers",
    },
    {
      case: "queued, starting",
      workers: workers({ initializing: 1 }),
      inQueue: 2,
      max: 3,
      line: "2 jobs in queue, 0 workers running, 1 initializing: its workers are starting",
    },
    {
      case: "queued, no worker allowed",
      workers: workers(),
      inQueue: 2,
      max: 0,
      line: "2 jobs in queue, 0 workers running: workers.max is 0, so no worker can take them",
    },
    {
      case: "queued, none started",
      workers: workers(),
      inQueue: 2,
      max: 3,
      line: "2 jobs in queue, 0 workers running: no worker has started yet",
    },
    {
      case: "queued beside an idle worker: about to run",
      workers: workers({ idle: 1, unhealthy: 1 }),
      inQueue: 2,
      max: 3,
      line: "1 worker unhealthy: check the worker logs",
    },
    {
      case: "running beside unhealthy ones",
      workers: workers({ running: 1, unhealthy: 2 }),
      inQueue: 5,
      max: 3,
      line: "2 workers unhealthy: check the worker logs",
    },
    {
      case: "throttled, nothing queued",
      workers: workers({ idle: 1, throttled: 1 }),
      inQueue: 0,
      max: 3,
      line: "1 worker throttled: waiting on compute capacity",
    },
    { case: "all well", workers: workers({ running: 1, idle: 1 }), inQueue: 2, max: 3, line: undefined },
    { case: "idle", workers: workers(), inQueue: 0, max: 0, line: undefined },
  ])("$case", ({ workers: counts, inQueue, max, line }) => {
    expect(diagnoseEndpoint(counts, { inQueue, inProgress: 0 }, max)).toBe(line);
  });
});

describe("a pod's diagnosis", () => {
  test.each([
    { status: "ERROR", line: "the pod failed: read its log with `computeplatform logs trainer`" },
    { status: undefined, line: "gone: deleted outside the stack; `computeplatform drift` reports it" },
    { status: "RUNNING", line: undefined },
    { status: "EXITED", line: undefined },
  ])("$status", ({ status, line }) => {
    expect(diagnosePod("trainer", status)).toBe(line);
  });
});

describe("formatDuration", () => {
  test.each([
    { seconds: 0, text: "0s" },
    { seconds: 45.9, text: "45s" },
    { seconds: 723, text: "12m 03s" },
    { seconds: 3600, text: "1h 00m" },
    { seconds: 11_100, text: "3h 05m" },
    { seconds: 187_200, text: "2d 04h" },
    { seconds: -3, text: "0s" },
  ])("format $seconds", ({ seconds, text }) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe("--since and --tail", () => {
  const now = Date.parse("2026-06-01T12:00:00Z");
  test.each([
    { text: "10m", since: "2026-06-01T11:50:00.000Z" },
    { text: "1d", since: "2026-05-31T12:00:00.000Z" },
    { text: "2026-06-01T10:00:00Z", since: "2026-06-01T10:00:00.000Z" },
    { text: "2026-06-01T10:00:00+02:00", since: "2026-06-01T08:00:00.000Z" },
    { text: "2026-06-01T10:00Z", since: "2026-06-01T10:00:00.000Z" },
  ])("--since $text", ({ text, since }) => {
    expect(parseSince(text, now)).toBe(since);
  });

  test.each(["yesterday", "90s", "0m", "-5m", "1.5h", "2026-06-01", "2026-06-01T10:00:00", "2026-13-01T10:00:00Z", ""])(
    "--since %j is refused",
    (text) => {
      expect(() => parseSince(text, now)).toThrow(
        `--since must be a duration such as 10m, 2h or 1d, or a time such as 2026-06-01T12:00:00Z; got "${text}"`,
      );
    },
  );

  test.each([
    { text: "0", tail: 0 },
    { text: "200", tail: 200 },
    { text: "5000", tail: 5000 },
  ])("--tail $text", ({ text, tail }) => {
    expect(parseTail(text)).toBe(tail);
  });

  test.each(["5001", "-1", "1e3", "ten", "10000"])("--tail %j is refused", (text) => {
    expect(() => parseTail(text)).toThrow(`--tail must be a whole number from 0 to 5000; got "${text}"`);
  });
});

describe("the status table", () => {
  const pod: ResourceStatus = {
    name: "trainer",
    kind: "Pod",
    id: "p1",
    status: "RUNNING",
    uptimeSeconds: 3900,
    costPerHour: 1.64,
    estimatedCostPerHour: 1.64,
    gpuUtilization: [87, 9],
  };
  const endpoint: ResourceStatus = {
    name: "api",
    kind: "ServerlessEndpoint",
    id: "e1",
    status: "NOT READY",
    uptimeSeconds: 600,
    costPerHour: null,
    estimatedCostPerHour: 0.0005,
    workers: workers({ unhealthy: 2 }),
    queue: { inQueue: 3, inProgress: 0 },
    rollout: { version: 2, inProgress: true, workersOnLatest: 1, workersTotal: 2, percentOnLatest: 50 },
    diagnosis: "3 jobs in queue, 0 workers running, 2 unhealthy: check the worker logs",
  };
  const gone: ResourceStatus = {
    name: "scratch",
    kind: "NetworkVolume",
    id: "v1",
    status: "GONE",
    uptimeSeconds: null,
    costPerHour: null,
    estimatedCostPerHour: 0.0096,
  };

  test("renders every figure, an endpoint's details under its row, and the total", () => {
    const resources = [pod, endpoint, gone];
    expect(formatStatus({ stack: "dev", readAt: "", resources, totalCostPerHour: totalCostPerHour(resources), requests: 6 })).toEqual([
      "NAME     KIND                STATUS     UPTIME   COST/H   ESTIMATE/H  GPU UTIL",
      "trainer  Pod                 RUNNING    1h 05m   $1.6400  $1.6400     87% 9%",
      "api      ServerlessEndpoint  NOT READY  10m 00s  -        $0.0005     -",
      "  workers: 0 running, 0 idle, 0 initializing, 0 throttled, 2 unhealthy",
      "  queue: 3 in queue, 0 in progress",
      "  release v2: 1 of 2 workers on it (50%), rolling out",
      "  ! 3 jobs in queue, 0 workers running, 2 unhealthy: check the worker logs",
      "scratch  NetworkVolume       GONE       -        -        $0.0096     -",
      "Total now: $1.6405/h (the API's cost where it reports one, else the estimate)",
    ]);
  });

  test.each([
    { case: "the API's cost wins over the estimate", resources: [pod], total: 1.64 },
    { case: "the estimate where the API has no cost", resources: [endpoint], total: 0.0005 },
    { case: "nothing for what is gone", resources: [gone], total: 0 },
    {
      case: "summed to the millionth",
      resources: [
        { ...pod, costPerHour: 0.1 },
        { ...pod, costPerHour: 0.2 },
      ],
      total: 0.3,
    },
  ])("total: $case", ({ resources, total }) => {
    expect(totalCostPerHour(resources)).toBe(total);
  });
});

describe("status --watch", () => {
  test.each([
    { args: [], watchSeconds: undefined, manifest: "manifest.yaml" },
    { args: ["--watch"], watchSeconds: 10, manifest: "manifest.yaml" },
    { args: ["--watch", "other.yaml"], watchSeconds: 10, manifest: "other.yaml" },
    { args: ["--watch", "30", "other.yaml"], watchSeconds: 30, manifest: "other.yaml" },
    { args: ["--watch=5", "--json"], watchSeconds: 5, manifest: "manifest.yaml" },
  ])("$args", ({ args, watchSeconds, manifest }) => {
    const options = parseStatus(args);
    expect([options.watchSeconds, options.choice.manifest]).toEqual([watchSeconds, manifest]);
  });

  test.each(["--watch=0", "--watch=3601", "--watch=x"])("%s is refused", (arg) => {
    expect(() => parseStatus([arg])).toThrow(
      `--watch takes a whole number of seconds from 1 to 3600; got "${arg.slice("--watch=".length)}"`,
    );
  });
});

describe("logs without --follow", () => {
  const startedAt = Date.parse("2026-06-01T12:00:00Z");
  const line = (ts: string, text: string): LogLine => ({ id: `${ts}/000000000001`, ts, source: "container", line: text });
  /** A log stream that yields `lines`, then stays open until its signal aborts, as the API's does; keeps its signal. */
  const stream = (lines: LogLine[], signals: AbortSignal[]) => (signal: AbortSignal, onStream: (open: boolean) => void) => {
    signals.push(signal);
    return (async function* () {
      onStream(true);
      yield* lines;
      await new Promise((_, reject) => {
        if (signal.aborted) reject(signal.reason as Error);
        signal.addEventListener("abort", () => reject(signal.reason as Error));
      });
    })();
  };
  const read = async (lines: AsyncGenerator<LogLine>) => {
    const texts: string[] = [];
    for await (const { line: text } of lines) texts.push(text);
    return texts;
  };

  test("stops before the first line printed after it started, and closes the stream", async () => {
    const signals: AbortSignal[] = [];
    const lines = [
      line("2026-06-01T11:59:00Z", "before"),
      line("2026-06-01T12:00:00Z", "at the start"),
      line("2026-06-01T12:00:00.001Z", "after"),
      line("2026-06-01T11:59:30Z", "never read"),
    ];
    expect(await read(backlogOnly(stream(lines, signals), startedAt, new AbortController().signal))).toEqual(["before", "at the start"]);
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
  });

  test("stops when no line has come for the quiet period after the last one, and closes the stream", async () => {
    vi.useFakeTimers();
    try {
      const signals: AbortSignal[] = [];
      const lines = [line("2026-06-01T11:59:00Z", "one"), line("2026-06-01T11:59:01Z", "two")];
      let finished = false;
      const reading = read(backlogOnly(stream(lines, signals), startedAt, new AbortController().signal)).finally(() => (finished = true));
      await vi.advanceTimersByTimeAsync(BACKLOG_QUIET_MS - 1);
      expect({ finished, closed: signals[0]!.aborted }).toEqual({ finished: false, closed: false });
      await vi.advanceTimersByTimeAsync(1);
      expect(await reading).toEqual(["one", "two"]);
      expect(signals[0]!.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  test("time spent opening the stream, or opening it again after a drop, is not quiet", async () => {
    vi.useFakeTimers();
    try {
      const gate = () => {
        let resolve!: () => void;
        return { promise: new Promise<void>((done) => (resolve = done)), resolve: () => resolve() };
      };
      const answered = gate();
      const reopened = gate();
      const open = (signal: AbortSignal, onStream: (open: boolean) => void) =>
        (async function* () {
          await answered.promise;
          onStream(true);
          yield line("2026-06-01T11:59:00Z", "before the drop");
          onStream(false);
          await reopened.promise;
          onStream(true);
          yield line("2026-06-01T11:59:01Z", "after it");
          await new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason as Error)));
        })();
      let finished = false;
      const reading = read(backlogOnly(open, startedAt, new AbortController().signal)).finally(() => (finished = true));
      await vi.advanceTimersByTimeAsync(10 * BACKLOG_QUIET_MS);
      answered.resolve();
      await vi.advanceTimersByTimeAsync(10 * BACKLOG_QUIET_MS);
      expect(finished).toBe(false);
      reopened.resolve();
      await vi.advanceTimersByTimeAsync(BACKLOG_QUIET_MS);
      expect(await reading).toEqual(["before the drop", "after it"]);
    } finally {
      vi.useRealTimers();
    }
  });

  test("Ctrl-C's abort ends it with the abort's reason", async () => {
    const interrupted = new AbortController();
    const reason = new Error("interrupted");
    const lines = backlogOnly(stream([line("2026-06-01T11:59:00Z", "one")], []), startedAt, interrupted.signal);
    expect((await lines.next()).value).toMatchObject({ line: "one" });
    const next = lines.next();
    interrupted.abort(reason);
    await expect(next).rejects.toBe(reason);
  });
});
