import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { kinds } from "../../provider/kindRegistry";
import { durationMs } from "../../provider/resources/lifetime/duration";
import { dueExpiry, expiresAt, type LifetimeRecord, lifetimeState, nextExpiry } from "../../provider/resources/lifetime/expiry";
import { freshRecord, plannedRecord, sampledRecord } from "../../provider/resources/lifetime/record";

const HOUR = 3_600_000;
const T0 = Date.parse("2026-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(ms).toISOString();
const pod = { name: "trainer", image: "org/trainer:1.2", gpu: { id: "NVIDIA A100 80GB PCIe" } };

describe("durations", () => {
  it.each([
    ["90m", 90 * 60_000],
    ["8h", 8 * HOUR],
    ["3d", 72 * HOUR],
    ["1m", 60_000],
    ["0m", undefined],
    ["-5m", undefined],
    ["1.5h", undefined],
    ["8 h", undefined],
    ["8H", undefined],
    ["8", undefined],
    ["h", undefined],
    ["08h", undefined],
    ["", undefined],
  ])("%s is %s ms", (text, ms) => {
    expect(durationMs(text)).toBe(ms);
  });
});

describe("lifetime validation", () => {
  const failuresOf = async (lifetime: unknown) => (await kinds.Pod.offlineCheck({}, { ...pod, lifetime })).failures ?? [];
  const format = 'a duration: a positive whole number followed by m, h or d, such as "90m", "8h" or "3d"';

  it.each([
    [{ stopAfter: "-2h" }, [{ property: "lifetime.stopAfter", reason: format }]],
    [{ terminateAfter: "soon" }, [{ property: "lifetime.terminateAfter", reason: format }]],
    [{ whenIdle: { gpuUtilizationBelow: 5, for: "0m" } }, [{ property: "lifetime.whenIdle.for", reason: format }]],
    [
      { stopAfter: "8h", terminateAfter: "2h" },
      [
        {
          property: "lifetime.terminateAfter",
          reason: '"2h" ends the resource before its stopAfter of "8h": make it longer, or drop stopAfter',
        },
      ],
    ],
    [
      { stopAfter: "120m", terminateAfter: "2h" },
      [
        {
          property: "lifetime.terminateAfter",
          reason: '"2h" ends the resource before its stopAfter of "120m": make it longer, or drop stopAfter',
        },
      ],
    ],
    [{ stopAfter: "2h", after: "1h" }, [{ property: "lifetime.after", reason: "unknown property" }]],
    [
      { whenIdle: { gpuUtilizationBelow: 0, for: "30m" } },
      [{ property: "lifetime.whenIdle.gpuUtilizationBelow", reason: "Too small: expected number to be >=1" }],
    ],
    [
      { whenIdle: { gpuUtilizationBelow: 5, for: "30m", then: "pause" } },
      [{ property: "lifetime.whenIdle.then", reason: 'Invalid option: expected one of "stop"|"terminate"' }],
    ],
  ])("refuses %j, naming the field", async (lifetime, failures) => {
    expect(await failuresOf(lifetime)).toEqual(failures);
  });

  it("accepts a lifetime with all its parts, and keeps it as given", async () => {
    const lifetime = { stopAfter: "8h", terminateAfter: "3d", whenIdle: { gpuUtilizationBelow: 5, for: "30m", then: "terminate" } };
    const result = await kinds.Pod.offlineCheck({}, { ...pod, lifetime });
    expect(result.failures).toBeUndefined();
    expect((result.inputs as { lifetime?: unknown }).lifetime).toEqual(lifetime);
  });
});

describe("expiry", () => {
  const created = freshRecord({ stopAfter: "2h", terminateAfter: "1d" }, T0);

  it("counts from creation", () => {
    expect(created).toEqual({ lifetime: { stopAfter: "2h", terminateAfter: "1d" }, lifetimeSince: at(T0), stopCountsFrom: at(T0) });
    expect(expiresAt(created)).toBe("2026-01-01T02:00:00.000Z");
    expect(lifetimeState(created)).toBe("active");
    expect(dueExpiry(created, T0 + 2 * HOUR - 1)).toBeUndefined();
    expect(dueExpiry(created, T0 + 2 * HOUR)).toEqual({ action: "stop", at: T0 + 2 * HOUR, because: "stopAfter" });
  });

  it.each<[string, LifetimeRecord, number, string | undefined, string, string | undefined]>([
    // what, record, now, due action, state after the plan, expiresAt after the plan
    ["before stopAfter", created, T0 + HOUR, undefined, "active", "2026-01-01T02:00:00.000Z"],
    ["at stopAfter", created, T0 + 2 * HOUR, "stop", "stopped: lifetime", "2026-01-02T00:00:00.000Z"],
    [
      "stopped, before terminateAfter",
      { ...created, endedBy: "stop" },
      T0 + 5 * HOUR,
      undefined,
      "stopped: lifetime",
      "2026-01-02T00:00:00.000Z",
    ],
    ["past both: terminate wins", created, T0 + 30 * HOUR, "terminate", "terminated: lifetime", undefined],
    ["terminated stays terminated", { ...created, endedBy: "terminate" }, T0 + 60 * HOUR, undefined, "terminated: lifetime", undefined],
  ])("%s", (_what, record, now, action, state, expires) => {
    const planned = plannedRecord(record, record.lifetime, false, now);
    expect(planned.due?.action).toBe(action);
    expect(lifetimeState(planned.record)).toBe(state);
    expect(expiresAt(planned.record)).toBe(expires);
  });

  it("a change of lifetime renews it, and undoes a stop", () => {
    const planned = plannedRecord({ ...created, endedBy: "stop" }, { stopAfter: "4h", terminateAfter: "1d" }, false, T0 + 3 * HOUR);
    expect(planned).toEqual({ record: freshRecord({ stopAfter: "4h", terminateAfter: "1d" }, T0 + 3 * HOUR) });
    expect(expiresAt(planned.record)).toBe("2026-01-01T07:00:00.000Z");
  });

  it("a start by the program counts stopAfter from that start, terminateAfter still from creation", () => {
    const planned = plannedRecord(created, created.lifetime, true, T0 + 23 * HOUR);
    expect(planned.due).toBeUndefined();
    expect(planned.record.stopCountsFrom).toBe(at(T0 + 23 * HOUR));
    expect(expiresAt(planned.record)).toBe("2026-01-02T00:00:00.000Z");
    expect(nextExpiry(planned.record)).toEqual({ action: "terminate", at: T0 + 24 * HOUR, because: "terminateAfter" });
  });

  it("idleness: since the first idle sample, cleared by a busy one, due after `for`", () => {
    const idle = freshRecord({ whenIdle: { gpuUtilizationBelow: 5, for: "30m" } }, T0);
    const first = sampledRecord(idle, [2, 4], T0 + 10 * 60_000);
    expect(lifetimeState(first)).toBe("idle since 2026-01-01T00:10:00.000Z");
    expect(sampledRecord(first, [2, 3], T0 + 20 * 60_000).idleSince).toBe(first.idleSince);
    expect(sampledRecord(first, [2, 5], T0 + 20 * 60_000).idleSince).toBeUndefined();
    expect(sampledRecord(first, undefined, T0 + 20 * 60_000).idleSince).toBeUndefined();
    expect(dueExpiry(first, T0 + 39 * 60_000)).toBeUndefined();
    expect(dueExpiry(first, T0 + 40 * 60_000)).toEqual({ action: "stop", at: T0 + 40 * 60_000, because: "whenIdle" });
    expect(sampledRecord(freshRecord({ stopAfter: "1h" }, T0), [0], T0).idleSince).toBeUndefined();
  });

  it("the next ending is the earliest of those to come, and never in the past of the record's start", () => {
    const length = fc.record({
      amount: fc.integer({ min: 1, max: 999 }),
      unit: fc.constantFrom("m", "h", "d"),
    });
    fc.assert(
      fc.property(length, length, fc.integer({ min: 0, max: 10 * 365 * 24 * HOUR }), (stop, terminate, now) => {
        const stopAfter = `${stop.amount}${stop.unit}`;
        const terminateAfter = `${terminate.amount}${terminate.unit}`;
        const record = freshRecord({ stopAfter, terminateAfter }, T0);
        const stopAt = T0 + (durationMs(stopAfter) ?? NaN);
        const terminateAt = T0 + (durationMs(terminateAfter) ?? NaN);
        expect(nextExpiry(record)?.at).toBe(Math.min(stopAt, terminateAt));
        const due = dueExpiry(record, T0 + now);
        if (T0 + now >= terminateAt) expect(due?.action).toBe("terminate");
        else if (T0 + now >= stopAt) expect(due?.action).toBe("stop");
        else expect(due).toBeUndefined();
      }),
    );
  });
});
