import { once } from "node:events";
import * as http from "node:http";
import type { AddressInfo } from "node:net";

/** One request as it crossed the wire to the emulator, with its JSON body when it had one. */
export interface WireRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  body?: unknown;
}

/** One request and its answer, whole, as they crossed the wire. */
export interface WireExchange extends WireRequest {
  /** The query string, without its `?`; empty when there was none. */
  query: string;
  status: number;
  /** The answer's media type, without parameters. */
  contentType: string;
  /** The answer's body as text. */
  text: string;
}

/** A pass-through in front of the emulator that records each request's body, which the emulator itself does not keep. */
export interface WireRecorder {
  /** Base URL to point the provider at instead of the emulator's. */
  readonly url: string;
  /** Every request forwarded so far, oldest first. */
  readonly requests: ReadonlyArray<WireRequest>;
  /** Every request forwarded so far with its answer, oldest first. */
  readonly exchanges: ReadonlyArray<WireExchange>;
  reset(): void;
  close(): Promise<void>;
}

// Hop-by-hop and encoding headers: `fetch` has already decoded the answer's body and framed it anew.
const NOT_FORWARDED = new Set(["connection", "keep-alive", "transfer-encoding", "content-encoding", "content-length", "host"]);

function forwardedHeaders(headers: Iterable<[string, string | string[] | undefined]>): Record<string, string> {
  const kept = [...headers].filter(([name, value]) => value !== undefined && !NOT_FORWARDED.has(name.toLowerCase()));
  return Object.fromEntries(kept.map(([name, value]) => [name, String(value)]));
}

/** Starts a recorder on loopback that forwards every request to `target` (the emulator's URL) unchanged. */
export async function startWireRecorder(target: string): Promise<WireRecorder> {
  const requests: WireRequest[] = [];
  const exchanges: WireExchange[] = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = request.url ?? "/";
    const sent: WireRequest = {
      method: request.method ?? "GET",
      path: url.split("?")[0]!,
      ...(text === "" ? {} : { body: JSON.parse(text) }),
    };
    requests.push(sent);
    const answer = await fetch(`${target}${url}`, {
      method: request.method,
      headers: forwardedHeaders(Object.entries(request.headers)),
      ...(text === "" ? {} : { body: text }),
    });
    const answerBody = Buffer.from(await answer.arrayBuffer());
    exchanges.push({
      ...sent,
      query: url.includes("?") ? url.slice(url.indexOf("?") + 1) : "",
      status: answer.status,
      contentType: (answer.headers.get("content-type") ?? "").split(";")[0]!,
      text: answerBody.toString("utf8"),
    });
    response.writeHead(answer.status, forwardedHeaders(answer.headers.entries()));
    response.end(answerBody);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    exchanges,
    reset: () => {
      requests.length = 0;
      exchanges.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
