/**
 * Faults that outlasted a single call's six tries when calls were bounded by a count, through the real engine and the
 * packed package: four pods with
 * `readyTimeoutSeconds: 120` wait through a run of ten consecutive 429s (`Retry-After: 3`) and through ten 5xx answers
 * to the shared list poll, and the deployment succeeds. Before, the poll spent its six tries in 15 s and failed every
 * pod of the `up` at once, with 105 s of their deadline left.
 */
import { type IncomingMessage, type ServerResponse } from "node:http";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack } from "../support/stack";
import { type FaultStack, openFaultStack, statuses } from "./faultStack";

/** One request the emulator answered, timed where it arrived and where its answer began to leave. */
interface Exchange {
  method: string;
  path: string;
  status: number;
  arrivedAt: number;
  /** When the answer's head was written: the client cannot have read the answer before. */
  answeredAt: number;
}

/**
 * Records every request the in-process emulator answers, through Node's HTTP server diagnostics channels: the
 * emulator's own request log has no times, and "no request before its Retry-After" is a question of times.
 */
function recordExchanges(onAnswer: (all: readonly Exchange[]) => void): { exchanges: Exchange[]; stop(): void } {
  const exchanges: Exchange[] = [];
  const times = new WeakMap<ServerResponse, { arrivedAt: number; answeredAt?: number }>();
  const onStart = (message: unknown) => {
    const { response } = message as { response: ServerResponse };
    const timing: { arrivedAt: number; answeredAt?: number } = { arrivedAt: performance.now() };
    times.set(response, timing);
    const writeHead = response.writeHead;
    response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
      timing.answeredAt ??= performance.now();
      return writeHead.apply(this, args);
    } as ServerResponse["writeHead"];
  };
  const onFinish = (message: unknown) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    const timing = times.get(response);
    exchanges.push({
      method: request.method ?? "",
      path: (request.url ?? "").split("?")[0]!,
      status: response.statusCode,
      arrivedAt: timing?.arrivedAt ?? Number.NaN,
      answeredAt: timing?.answeredAt ?? Number.NaN,
    });
    onAnswer(exchanges);
  };
  subscribe("http.server.request.start", onStart);
  subscribe("http.server.response.finish", onFinish);
  return {
    exchanges,
    stop() {
      unsubscribe("http.server.request.start", onStart);
      unsubscribe("http.server.response.finish", onFinish);
    },
  };
}

/**
 * Records the exchanges from now on, and starts a fault once the `pods` creates (and the registry's, on a first `up`)
 * are answered, so that only the pods' wait runs into it: each provider process lists the pods once before its first
 * create, a single call bounded by the client's default time-out rather than the pods' deadline.
 */
function injectAfterCreates(pods: number, registry: boolean, inject: () => void): ReturnType<typeof recordExchanges> {
  let injected = false;
  return recordExchanges((all) => {
    const answered = (path: string) => all.filter((e) => e.method === "POST" && e.path === path && e.status === 201).length;
    if (injected || answered("/v2/pods") < pods || answered("/v2/registries") < (registry ? 1 : 0)) return;
    injected = true;
    inject();
  });
}

/** The emulator's pods (cluster members left out) whose names start with `prefix`, as `name status`, sorted. */
function podStatuses(api: TestEmulator, prefix: string): string[] {
  return api.emulator
    .snapshot()
    .pods.filter((pod) => pod.cluster === undefined && pod.status !== "TERMINATED" && pod.name.startsWith(prefix))
    .map((pod) => `${pod.name} ${pod.status}`)
    .sort();
}

describe("faults longer than six tries", () => {
  let api: TestEmulator;
  let faults: FaultStack;
  let recorder: ReturnType<typeof recordExchanges> | undefined;

  beforeAll(async () => {
    api = await startTestEmulator();
    faults = await openFaultStack("fault-long-storms", api);
  });

  afterEach(() => {
    recorder?.stop();
    api.emulator.faults.clear();
    api.emulator.resetRequests();
  });

  afterAll(() => closeTestStack(faults?.stack, api?.emulator));

  it("ten consecutive 429s (Retry-After: 3) on the pods' wait are waited out, each to its Retry-After", async () => {
    api.emulator.resetRequests();
    recorder = injectAfterCreates(4, true, () => api.emulator.faults.rateLimitStorm({ count: 10, retryAfterSeconds: 3 }));

    expect(await faults.deploy({ generation: "g1", pods: 4, readyTimeoutSeconds: 120 })).toEqual({
      error: undefined,
      summary: { create: 6 },
    });

    expect(podStatuses(api, "worker-")).toEqual([
      "worker-g1-0 RUNNING",
      "worker-g1-1 RUNNING",
      "worker-g1-2 RUNNING",
      "worker-g1-3 RUNNING",
    ]);
    expect(api.emulator.requests.filter((r) => r.status === 429).map((r) => `${r.method} ${r.path}`)).toEqual(
      Array(10).fill("GET /v2/pods"),
    );
    const polls = recorder.exchanges.filter((e) => e.method === "GET" && e.path === "/v2/pods");
    expect(polls.filter((poll) => poll.status === 429)).toHaveLength(10);
    for (const [i, poll] of polls.entries()) {
      const next = polls[i + 1];
      if (poll.status === 429 && next) expect(next.arrivedAt - poll.answeredAt).toBeGreaterThanOrEqual(3000);
    }
  });

  it("ten 503s in a row on the pods' wait are backed off and looked through", async () => {
    recorder = injectAfterCreates(4, false, () => api.emulator.faults.injectStatus(503, { count: 10, method: "GET", path: "/v2/pods" }));
    expect(await faults.deploy({ generation: "g2", pods: 4, readyTimeoutSeconds: 120 })).toEqual({
      error: undefined,
      summary: { same: 2, create: 4, delete: 4 },
    });
    expect(podStatuses(api, "worker-")).toEqual([
      "worker-g2-0 RUNNING",
      "worker-g2-1 RUNNING",
      "worker-g2-2 RUNNING",
      "worker-g2-3 RUNNING",
    ]);
    const polled = statuses(api, "GET", "/v2/pods");
    expect(polled.filter((status) => status === 503)).toHaveLength(10);
    expect(polled.filter((status) => status !== 503 && status !== 200)).toEqual([]);
  });
});
