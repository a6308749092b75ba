import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { billingWindowSchema, DEFAULT_LOOKBACK_MS, filteredBillingWindowSchema } from "../../provider/wire/billing";

// The window is judged against an injected "now", so every boundary is exact.
const now = Date.parse("2026-03-03T06:00:00.000Z");
const at = (ms: number) => new Date(ms).toISOString();

/** The issues of a window, as `path: message`, or [] when it is valid. */
function issuesOf(window: unknown, schema: z.ZodType = billingWindowSchema(now)): string[] {
  const result = schema.safeParse(window);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

const startInFuture = "startTime: must be before now when endTime is omitted, as endTime defaults to now";
const endTooEarly = "endTime: must be after 30 days before now when startTime is omitted, as startTime defaults to 30 days before now";

describe("billingWindowSchema", () => {
  it.each([
    { case: "no window at all", window: {}, issues: [] },
    { case: "startTime just before now", window: { startTime: at(now - 1) }, issues: [] },
    { case: "startTime at now", window: { startTime: at(now) }, issues: [startInFuture] },
    { case: "startTime in the future", window: { startTime: "2026-03-04T00:00:00Z" }, issues: [startInFuture] },
    { case: "startTime in the future, in another offset", window: { startTime: "2026-03-03T07:00:00+01:00" }, issues: [startInFuture] },
    {
      case: "startTime in the future with a later endTime",
      window: { startTime: "2026-03-04T00:00:00Z", endTime: "2026-03-05T00:00:00Z" },
      issues: [],
    },
    { case: "endTime just after 30 days before now", window: { endTime: at(now - DEFAULT_LOOKBACK_MS + 1) }, issues: [] },
    { case: "endTime at 30 days before now", window: { endTime: at(now - DEFAULT_LOOKBACK_MS) }, issues: [endTooEarly] },
    {
      case: "endTime long ago, with an earlier startTime",
      window: { startTime: "2020-01-01T00:00:00Z", endTime: "2020-02-01T00:00:00Z" },
      issues: [],
    },
    {
      case: "endTime equal to startTime",
      window: { startTime: "2026-03-01T00:00:00Z", endTime: "2026-03-01T00:00:00Z" },
      issues: ["endTime: must be after startTime"],
    },
    {
      case: "a malformed startTime alone",
      window: { startTime: "yesterday" },
      issues: ["startTime: must be an RFC 3339 date-time, such as 2026-06-01T00:00:00Z"],
    },
    {
      case: "endTime before startTime",
      window: { startTime: "2026-03-02T00:00:00Z", endTime: "2026-03-01T00:00:00Z" },
      issues: ["endTime: must be after startTime"],
    },
    {
      case: "lastN with a future startTime: only the combination is named",
      window: { lastN: 2, startTime: "2026-03-04T00:00:00Z" },
      issues: ["startTime: cannot be combined with lastN; send one or the other"],
    },
  ])("$case", ({ window, issues }) => {
    expect(issuesOf(window)).toEqual(issues);
  });

  it("judges the same window by the now it is given", () => {
    const window = { startTime: "2026-03-03T06:00:00Z" };
    expect(issuesOf(window, billingWindowSchema(now))).toEqual([startInFuture]);
    expect(issuesOf(window, billingWindowSchema(now + 1))).toEqual([]);
  });
});

describe("filteredBillingWindowSchema", () => {
  it("keeps the window's rules and adds the id", () => {
    const schema = filteredBillingWindowSchema("podId", now);
    expect(issuesOf({ podId: "k3v9q2m7xw", startTime: "2026-03-04T00:00:00Z" }, schema)).toEqual([startInFuture]);
    expect(issuesOf({ podId: "k3v9q2m7xw", startTime: "2026-03-03T00:00:00Z" }, schema)).toEqual([]);
  });
});
