import type { TimedRequest } from "./requestLog";

/** What the bench counts API calls as. */
export const CALL_KINDS = ["create", "list", "get", "delete", "other"] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** What one engine operation cost. */
export interface OperationMetrics {
  /** API calls sent, 429s included. */
  calls: number;
  byKind: Record<CallKind, number>;
  /** Calls answered 429. */
  rateLimited: number;
  wallMs: number;
  /** Resource operations the engine reported as failed, plus one if the operation itself failed. */
  failed: number;
  /** Each call's time, in ms after the operation started, and whether it was answered 429. */
  timeline: Array<{ atMs: number; rateLimited: boolean }>;
}

/** The kind of a pod API call, from its method and path. */
export function callKind(method: string, path: string): CallKind {
  if (path === "/v2/pods") return method === "POST" ? "create" : method === "GET" ? "list" : "other";
  if (/^\/v2\/pods\/[^/]+$/.test(path)) return method === "GET" ? "get" : method === "DELETE" ? "delete" : "other";
  return "other";
}

/** Sums the calls of one operation, which ran from `startedAt` for `wallMs`. */
export function operationMetrics(requests: readonly TimedRequest[], startedAt: number, wallMs: number, failed: number): OperationMetrics {
  const byKind = Object.fromEntries(CALL_KINDS.map((kind) => [kind, 0])) as Record<CallKind, number>;
  for (const request of requests) byKind[callKind(request.method, request.path)] += 1;
  return {
    calls: requests.length,
    byKind,
    rateLimited: requests.filter((request) => request.status === 429).length,
    wallMs,
    failed,
    timeline: requests.map((request) => ({ atMs: request.at - startedAt, rateLimited: request.status === 429 })),
  };
}

/**
 * What the bench measures: `up`, a no-op `up` and `destroy` of N CPU pods; and `scarce up`, an `up` of N GPU pods
 * whose first type is sold out until a minute later while their alternative is free.
 */
export type BenchOperation = "up" | "no-op up" | "destroy" | "scarce up";

/** The reference quota and pod timing the bench runs at. */
export interface BenchSettings {
  /** Requests a minute. */
  quotaPerMinute: number;
  /** Milliseconds from create to RUNNING. */
  provisioningMs: number;
  /** The floor's poll tick, in ms. */
  tickMs: number;
}

/**
 * The least an operation on `n` pods can cost: for `up`, `n` creates, sent as fast as the minute windows
 * allow, and one list per tick until the last pod is RUNNING; for `destroy`, `n` deletes and one list; for a
 * no-op `up`, nothing; for a scarce `up`, one availability read more than `up`.
 */
export function floorOf(operation: BenchOperation, n: number, settings: BenchSettings): { calls: number; wallMs: number } {
  if (operation === "no-op up") return { calls: 0, wallMs: 0 };
  // One availability read finds the free type; then as `up`.
  if (operation === "scarce up") return { calls: 1 + floorOf("up", n, settings).calls, wallMs: floorOf("up", n, settings).wallMs };
  const windowsForCreates = Math.ceil(n / settings.quotaPerMinute) - 1;
  if (operation === "destroy") return { calls: n + 1, wallMs: windowsForCreates * 60_000 };
  const wallMs = settings.provisioningMs + windowsForCreates * 60_000;
  return { calls: n + Math.ceil(wallMs / settings.tickMs), wallMs };
}
