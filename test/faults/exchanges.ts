import { type IncomingMessage, type ServerResponse } from "node:http";
import { subscribe, unsubscribe } from "node:diagnostics_channel";

/** One request the emulator answered, timed where it arrived and where its answer began to leave. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  arrivedAt: number;
  /** When the answer's head was written: the client cannot have read the answer before. */
  answeredAt: number;
}

/** What {@link recordExchanges} returns: the exchanges so far, in the order they were answered. */
export interface ExchangeRecorder {
  exchanges: Exchange[];
  stop(): void;
}

/**
 * Records every request the in-process emulator answers, through Node's HTTP server diagnostics channels: the
 * emulator's own request log has no times, and "no request before its Retry-After" is a question of times, which
 * a test asserts from these records instead of sleeping.
 * @param onAnswer Called after each answer with every exchange so far.
 */
export function recordExchanges(onAnswer: (all: readonly Exchange[]) => void = () => undefined): ExchangeRecorder {
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
 * For each 429 among `exchanges`, the ms from its answer leaving to the arrival of the next request to the same
 * method and path (its retry); a 429 that no request followed is left out.
 */
export function waitsAfterRateLimits(exchanges: readonly Exchange[]): number[] {
  const byArrival = [...exchanges].sort((a, b) => a.arrivedAt - b.arrivedAt);
  return byArrival.flatMap((exchange, i) => {
    if (exchange.status !== 429) return [];
    const retry = byArrival.slice(i + 1).find((later) => later.method === exchange.method && later.path === exchange.path);
    return retry ? [retry.arrivedAt - exchange.answeredAt] : [];
  });
}
