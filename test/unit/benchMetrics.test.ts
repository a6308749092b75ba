import { describe, expect, it } from "vitest";
import { callKind, floorOf, operationMetrics } from "../../scripts/bench/metrics";

const settings = { quotaPerMinute: 60, provisioningMs: 60_000, tickMs: 5000 };

describe("callKind", () => {
  it.each([
    { method: "POST", path: "/v2/pods", kind: "create" },
    { method: "GET", path: "/v2/pods", kind: "list" },
    { method: "GET", path: "/v2/pods/abc", kind: "get" },
    { method: "DELETE", path: "/v2/pods/abc", kind: "delete" },
    { method: "PATCH", path: "/v2/pods/abc", kind: "other" },
    { method: "POST", path: "/v2/pods/abc/action", kind: "other" },
    { method: "GET", path: "/v2/network-volumes", kind: "other" },
  ])("$method $path is a $kind", ({ method, path, kind }) => {
    expect(callKind(method, path)).toBe(kind);
  });
});

describe("floorOf", () => {
  it.each([
    { operation: "up", n: 50, floor: { calls: 62, wallMs: 60_000 } },
    { operation: "up", n: 10, floor: { calls: 22, wallMs: 60_000 } },
    { operation: "up", n: 100, floor: { calls: 124, wallMs: 120_000 } },
    { operation: "no-op up", n: 50, floor: { calls: 0, wallMs: 0 } },
    { operation: "destroy", n: 50, floor: { calls: 51, wallMs: 0 } },
  ] as const)("$operation of $n pods", ({ operation, n, floor }) => {
    expect(floorOf(operation, n, settings)).toEqual(floor);
  });
});

describe("operationMetrics", () => {
  it("counts calls by kind and the 429s, with their times from the start", () => {
    const requests = [
      { method: "POST", path: "/v2/pods", status: 201, at: 1000 },
      { method: "POST", path: "/v2/pods", status: 429, at: 1200 },
      { method: "GET", path: "/v2/pods", status: 200, at: 6000 },
    ];
    expect(operationMetrics(requests, 500, 7000, 0)).toEqual({
      calls: 3,
      byKind: { create: 2, list: 1, get: 0, delete: 0, other: 0 },
      rateLimited: 1,
      wallMs: 7000,
      failed: 0,
      timeline: [
        { atMs: 500, rateLimited: false },
        { atMs: 700, rateLimited: true },
        { atMs: 5500, rateLimited: false },
      ],
    });
  });
});
