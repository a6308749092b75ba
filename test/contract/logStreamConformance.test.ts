// The pod and worker log streams, held to the reference OpenAPI description (read from ../shared at test time), which
// describes them in prose and examples more than in schemas: the emulator documents the parameters and headers the
// reference does (and no `follow`); the client, reading both logs as it does, sends only declared query parameters
// with valid values; each answer carries the headers the reference says it always carries, and each event the `id:`
// and JSON `data:` its example shows. The recorder sees every chunk as it comes, since these streams never end.
import * as fs from "node:fs";
import * as path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { Agent, type Dispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { ComputePlatformClient, type LogLine } from "../../provider/client";
import { API_KEY } from "./servingPaths";

interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  schema: Record<string, unknown>;
}
interface Operation {
  parameters?: Parameter[];
  responses: Record<string, { headers?: Record<string, { description?: string }>; content?: Record<string, Example> }>;
}
interface Example {
  examples?: Record<string, { value: string }>;
}
interface Document {
  paths: Record<string, { parameters?: Parameter[]; get: Operation }>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

const shared = path.resolve(__dirname, "../../../shared");
const reference = JSON.parse(fs.readFileSync(path.join(shared, "reference/openapi-v2.json"), "utf8")) as Document;
const LOG_PATHS = ["/v2/pods/{id}/logs", "/v2/serverless/{id}/workers/{workerId}/logs"];

/** A `$ref` within the document, resolved. */
function resolved<T>(document: Document, node: T & { $ref?: string }): T {
  if (node.$ref === undefined) return node;
  return node.$ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<any>((at, segment) => at[segment], document) as T;
}

/** An operation's parameters, on it and on its path, resolved; schemas resolved one level. */
function parametersOf(document: Document, template: string): Parameter[] {
  const item = document.paths[template]!;
  return [...(item.parameters ?? []), ...(item.get.parameters ?? [])]
    .map((parameter) => resolved(document, parameter))
    .map((parameter) => ({ ...parameter, schema: resolved(document, parameter.schema) }));
}

/** The headers the 200 documents as "Always `value`", by lower-case name. */
function alwaysHeaders(document: Document, template: string): Record<string, string> {
  const headers = document.paths[template]!.get.responses["200"]!.headers ?? {};
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, header]) => {
      const always = /^Always `([^`]+)`/.exec(resolved(document, header).description ?? "");
      return always === null ? [] : [[name.toLowerCase(), always[1]!]];
    }),
  );
}

/** One request of a log and what came back, chunk by chunk. */
interface Exchange {
  url: URL;
  headers: Record<string, string>;
  status: number;
  answerHeaders: Record<string, string>;
  text: string;
}

/** A dispatcher that records each request and its answer as the chunks come, passing everything on unchanged. */
function recordingAgent(exchanges: Exchange[]): Dispatcher {
  const flat = (headers: unknown) =>
    Object.fromEntries(
      Object.entries((headers ?? {}) as Record<string, unknown>).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
  return new Agent().compose((dispatch) => (options, handler) => {
    const exchange: Exchange = {
      url: new URL(options.path, "http://x"),
      headers: flat(options.headers),
      status: 0,
      answerHeaders: {},
      text: "",
    };
    exchanges.push(exchange);
    return dispatch(options, {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, message) => {
        exchange.status = statusCode;
        exchange.answerHeaders = flat(headers);
        return handler.onResponseStart?.(controller, statusCode, headers, message);
      },
      onResponseData: (controller, chunk) => {
        exchange.text += chunk.toString("utf8");
        return handler.onResponseData?.(controller, chunk);
      },
      onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
      onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
    });
  });
}

/** The events of an event stream: each `id:` and parsed `data:`. */
function eventsOf(text: string): Array<{ id: string; data: unknown }> {
  return text
    .split("\n\n")
    .filter((block) => block.includes("data:"))
    .map((block) => ({
      id: /^id: (.*)$/m.exec(block)?.[1] ?? "",
      data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as unknown,
    }));
}

/** The first `count` lines of a log that stays open; leaving the loop closes it. */
async function take(lines: AsyncGenerator<LogLine>, count: number): Promise<LogLine[]> {
  const taken: LogLine[] = [];
  for await (const line of lines) if (taken.push(line) === count) break;
  return taken;
}

let emulator: Emulator;
let ours: Document;
let agent: Dispatcher;
const exchanges: Exchange[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ apiKeys: [API_KEY], timings: { provisioningMs: 50, startingMs: 50 } });
  ours = (await (await fetch(`${emulator.url}/v2/openapi.json`)).json()) as Document;
  agent = recordingAgent(exchanges);
});

afterAll(async () => {
  await agent?.close();
  await emulator?.close();
});

describe.each(LOG_PATHS)("%s", (template) => {
  it("the emulator documents the reference's parameters, with their schemas' bounds, and no others", () => {
    const shape = (document: Document) =>
      parametersOf(document, template).map(({ name, in: where, required, schema }) => ({
        name,
        in: where,
        required: required ?? false,
        ...(where === "query"
          ? { enum: schema.enum, minimum: schema.minimum, maximum: schema.maximum, default: schema.default, format: schema.format }
          : {}),
      }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(shape(ours).sort(byName)).toEqual(shape(reference).sort(byName));
    expect(shape(ours).map(({ name }) => name)).not.toContain("follow");
  });

  it("the emulator documents the headers the reference says its answer always carries", () => {
    expect(alwaysHeaders(ours, template)).toEqual(alwaysHeaders(reference, template));
    expect(Object.keys(ours.paths[template]!.get.responses["200"]!.content ?? {})).toEqual(["text/event-stream"]);
  });
});

describe("the logs as the client reads them", () => {
  const pattern = /^(.+)\/(\d{12})$/;
  const data = {
    type: "object",
    properties: { ts: { type: "string" }, source: reference.components.schemas.LogSource, line: { type: "string" } },
    required: ["ts", "source", "line"],
    additionalProperties: false,
  };
  const validData = new Ajv2020({ strict: false }).compile(data);

  it("the reference's own examples are of the shape checked below", () => {
    for (const template of LOG_PATHS) {
      const { examples } = reference.paths[template]!.get.responses["200"]!.content!["text/event-stream"]!;
      for (const { value } of Object.values(examples ?? {})) {
        const [event] = eventsOf(`${value}\n`);
        expect(validData(event!.data), JSON.stringify(validData.errors)).toBe(true);
        expect(pattern.exec(event!.id)?.[1]).toBe((event!.data as { ts: string }).ts);
      }
    }
  });

  it("send declared parameters only, and are answered with the documented headers and events", async () => {
    const client = new ComputePlatformClient({ baseUrl: emulator.url, apiKey: API_KEY, dispatcher: agent });
    const pod = await client.pods.create({ name: "logged", image: "alpine:3", gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 } });
    emulator.workloads.appendPodLog(pod.id, "hello", "world");
    const [first] = await take(client.pods.logs(pod.id, { tail: 5000 }), 1);
    await take(client.pods.logs(pod.id, { source: "container", since: first!.ts, lastEventId: first!.id }), 2);
    const endpoint = await client.serverless.create({
      name: "logged",
      type: "QUEUE",
      image: "org/echo:1",
      cpu: [{ id: "cpu3c", vcpuCount: 2 }],
      scaling: { type: "QUEUE_DELAY", queueDelay: 1 },
    });
    await client.jobs.runsync(endpoint.id, { n: 1 });
    await take(client.serverless.workerLogs(endpoint.id, `${endpoint.id}-w0`, { source: "container", tail: 1 }), 1);

    const logs = exchanges.filter((exchange) => exchange.url.pathname.endsWith("/logs"));
    expect(logs.map(({ url }) => url.search)).toEqual([
      "?tail=5000",
      `?source=container&since=${encodeURIComponent(first!.ts)}`,
      "?source=container&tail=1",
    ]);
    expect(logs.map(({ headers }) => headers["last-event-id"])).toEqual([undefined, first!.id, undefined]);
    for (const exchange of logs) {
      const template = exchange.url.pathname.includes("/workers/") ? LOG_PATHS[1]! : LOG_PATHS[0]!;
      const declared = parametersOf(reference, template).filter((parameter) => parameter.in === "query");
      for (const [name, value] of exchange.url.searchParams) {
        const parameter = declared.find((candidate) => candidate.name === name);
        expect(parameter, `${name} is declared`).toBeDefined();
        const schema = parameter!.schema.type === "integer" ? parameter!.schema : { ...parameter!.schema, type: "string" };
        const valid = new Ajv2020({ strict: false }).compile(schema)(schema.type === "integer" ? Number(value) : value);
        expect(valid, `${name}=${value}`).toBe(true);
      }
      expect(exchange.status).toBe(200);
      expect(exchange.answerHeaders["content-type"]?.split(";")[0]).toBe("text/event-stream");
      expect(exchange.answerHeaders).toMatchObject(alwaysHeaders(reference, template));
      const events = eventsOf(exchange.text);
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        expect(validData(event.data), `${JSON.stringify(event.data)}: ${JSON.stringify(validData.errors)}`).toBe(true);
        expect(pattern.exec(event.id)?.[1]).toBe((event.data as { ts: string }).ts);
      }
    }
  });
});
