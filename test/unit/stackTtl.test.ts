import { describe, expect, it } from "vitest";
import type { StackDriver } from "../../automation/driver";
import { stackTtl, ttlNotice } from "../../cli/expire/stackTtl";

/** A stack whose history holds updates that started at these times, newest first as the engine lists them. */
const stackWithUpdates = (...starts: string[]) =>
  ({ stack: { history: async () => starts.map((startTime) => ({ startTime })) } }) as unknown as StackDriver;

const deployed = stackWithUpdates("2026-03-02T09:00:00.000Z", "2026-03-01T08:00:00.000Z");

describe("a stack's TTL", () => {
  it("is the manifest's ttl, counted from the stack's first update, in the place of the stack config's", async () => {
    const ttl = await stackTtl(deployed, "8h", { "computeplatform:ttl": { value: "3d" } });
    expect(ttl).toEqual({ ttl: "8h", from: "the manifest's ttl", expiresAt: Date.parse("2026-03-01T16:00:00.000Z") });
    expect(ttlNotice("dev", ttl!)).toBe(
      "Stack dev expires at 2026-03-01T16:00:00.000Z (the manifest's ttl of 8h), when `computeplatform expire` destroys it.",
    );
  });

  it("is the stack config's without a manifest ttl, and none without either", async () => {
    expect(await stackTtl(deployed, undefined, { "computeplatform:ttl": { value: "3d" } })).toEqual({
      ttl: "3d",
      from: "stack config computeplatform:ttl",
      expiresAt: Date.parse("2026-03-04T08:00:00.000Z"),
    });
    expect(await stackTtl(deployed, undefined, {})).toBeUndefined();
  });

  it("of a stack never deployed counts from its first deployment", async () => {
    const ttl = await stackTtl(stackWithUpdates(), "90m", {});
    expect(ttl).toEqual({ ttl: "90m", from: "the manifest's ttl" });
    expect(ttlNotice("dev", ttl!)).toBe(
      "Stack dev expires 90m after its first deployment (the manifest's ttl), when `computeplatform expire` destroys it.",
    );
  });

  it("is refused when it is not a duration, naming where it was set", async () => {
    await expect(stackTtl(deployed, undefined, { "computeplatform:ttl": { value: "2 days" } })).rejects.toThrow(
      'stack config computeplatform:ttl: "2 days" is not a duration: a positive whole number followed by m, h or d, such as "90m", "8h" or "3d"',
    );
  });
});
