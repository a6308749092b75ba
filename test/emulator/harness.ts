import { createParser } from "eventsource-parser";
import { STATUS_CODES } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { request } from "undici";
import { expect } from "vitest";
import { type Emulator, type EmulatorOptions, startEmulator } from "../../emulator";

export const API_KEY = "emulator-key";

export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the response is JSON, else undefined. */
  body: any;
  text: string;
}

export interface CallOptions {
  body?: unknown;
  /** Sent verbatim instead of JSON-encoding `body`. */
  rawBody?: string;
  /** API key to send; null sends no Authorization header. */
  key?: string | null;
  headers?: Record<string, string>;
}

/** An emulator on a free loopback port, and a way to call it over real HTTP. */
export interface Harness {
  emulator: Emulator;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
}

export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const emulator = await startEmulator({ port: 0, ...options });
  return { emulator, call: (method, path, callOptions) => call(emulator.url, method, path, callOptions) };
}

export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? API_KEY : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const response = await request(`${baseUrl}${path}`, { method: method as "GET", headers, body });
  const text = await response.body.text();
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const json = (flat["content-type"] ?? "").includes("json") && text !== "";
  return { status: response.statusCode, headers: flat, body: json ? JSON.parse(text) : undefined, text };
}

/** A clock the test moves by hand, starting on a day boundary so rate-limit windows start fresh. */
export class ManualClock {
  constructor(public now = Date.parse("2026-03-02T00:00:00.000Z")) {}
  readonly read = (): number => this.now;
  advance(ms: number): void {
    this.now += ms;
  }
  /**
   * Moves time forward `stepMs` at a time, every few real milliseconds, until `pending` settles: for requests that
   * wait on the emulator's clock (`runsync`).
   */
  async advanceUntil<T>(pending: Promise<T>, stepMs = 50): Promise<T> {
    let settled = false;
    const settle = () => {
      settled = true;
    };
    pending.then(settle, settle);
    while (!settled) {
      this.advance(stepMs);
      await sleep(5);
    }
    return pending;
  }
}

/** Registers a container registry credential and returns its id, for pods and templates that name one. */
export async function createRegistry(harness: Harness, name = "private-images"): Promise<string> {
  const answer = await harness.call("POST", "/v2/registries", { body: { name, username: "puller", password: "pull-secret" } });
  if (answer.status !== 201) throw new Error(`registry create answered ${answer.status}: ${answer.text}`);
  return answer.body.id;
}

/** A minimal valid GPU pod create body. */
export function gpuPod(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: "trainer", image: "org/trainer:1.2", gpu: { id: "NVIDIA GeForce RTX 4090" }, ...overrides };
}

/** A minimal valid CPU pod create body. */
export function cpuPod(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: "worker", image: "org/worker:1", cpu: { id: "cpu3c", vcpuCount: 4, memory: 8 }, ...overrides };
}

/** Asserts an RFC 9457 problem answer: status, content type and the exact body. */
export function expectProblem(answer: Answer, status: number, detail: string, errors?: string[]): void {
  const title = STATUS_CODES[status];
  expect({ status: answer.status, body: answer.body }).toEqual({
    status,
    body: errors === undefined ? { title, status, detail } : { title, status, detail, errors },
  });
  expect(answer.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
}

/** One Server-Sent Event. */
export interface SseEvent {
  id: string;
  event: string;
  data: any;
}

/** Parses a complete `text/event-stream` body whose data lines are JSON. */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent: (event) => events.push({ id: event.id ?? "", event: event.event ?? "message", data: JSON.parse(event.data) }),
  });
  parser.feed(text);
  return events;
}

/** An event stream the emulator keeps open: its answer's status and headers, and its events as they come. */
export interface OpenStream {
  status: number;
  headers: Record<string, unknown>;
  /** Every event received once at least `count` have come: more than `count` means more came in the same read. */
  events(count: number): Promise<SseEvent[]>;
  /** Every event received once the emulator ends the stream. */
  ended(): Promise<SseEvent[]>;
  close(): void;
}

/** Opens a `GET` event stream, e.g. a log, that stays open until the emulator ends it or `close()`. */
export async function openStream(harness: Harness, path: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const response = await request(`${harness.emulator.url}${path}`, { headers: { authorization: `Bearer ${API_KEY}`, ...headers } });
  // `next()` rather than `for await`, whose early exit would destroy the stream.
  const body = response.body[Symbol.asyncIterator]();
  let text = "";
  const readUntil = async (done: (events: SseEvent[]) => boolean): Promise<SseEvent[]> => {
    for (;;) {
      const events = parseSse(text);
      if (done(events)) return events;
      const chunk = await body.next();
      if (chunk.done) return events;
      text += (chunk.value as Buffer).toString();
    }
  };
  return {
    status: response.statusCode,
    headers: response.headers,
    events: (count) => readUntil((events) => events.length >= count),
    ended: () => readUntil(() => false),
    close: () => response.body.destroy(),
  };
}
