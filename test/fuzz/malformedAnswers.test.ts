// The client against answers no faithful API gives: malformed problem bodies and malformed RateLimit headers. The
// emulator follows the spec and never sends these, so a stub HTTP server on loopback sends them here (the one thing
// mocked); the client, its transport and its header parsing are the real ones. Every answer must end as a typed
// error or a result, never as a crash, and no message may carry the API key.
import * as fc from "fast-check";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ComputePlatformClient } from "../../provider/client";
import { ApiError, QuotaExhaustedError } from "../../provider/client/errors";
import { parseRateLimitHeaders } from "../../provider/client/ratelimit";

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const API_KEY = "sk-fuzz-7d1e0c55";

/** What the stub answers next. */
interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

let server: Server;
let next: Answer;
let baseUrl: string;

/** A client of its own for each case, so that no answer's RateLimit headers pace the next case. */
const freshClient = () => new ComputePlatformClient({ baseUrl, apiKey: API_KEY, retry: { callTimeoutMs: 1 } });

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(next.status, { "content-type": "application/problem+json", ...next.headers });
    response.end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** JSON values of every shape, some of them nearly problems. */
const json = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      title: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      status: fc.oneof(fc.integer(), fc.string()),
      detail: fc.oneof(fc.string(), fc.jsonValue()),
      errors: fc.oneof(fc.array(fc.string()), fc.jsonValue()),
    },
    { requiredKeys: [] },
  ),
);
const body = fc.oneof(
  json.map((value) => JSON.stringify(value) ?? ""),
  fc.string(),
  fc.constant(""),
  fc.constant('{"title": "cut o'),
);

/** Header values in the shape of structured fields, and anything else. */
const member = fc
  .tuple(
    fc.oneof(fc.constantFrom('"minute"', '"hour"', '"day"', "minute", "?"), fc.string({ maxLength: 6 })),
    fc.array(
      fc.tuple(
        fc.constantFrom("r", "t", "q", "w", "x"),
        fc.oneof(
          fc.integer({ min: -5, max: 100_000 }),
          fc.double(),
          fc.string({ maxLength: 4 }).map((text) => JSON.stringify(text)),
          fc.constant("?1"),
        ),
      ),
      { maxLength: 4 },
    ),
  )
  .map(([name, params]) => `${name}${params.map(([key, value]) => `;${key}=${value}`).join("")}`);
const header = fc.oneof(
  fc.array(member, { maxLength: 4 }).map((members) => members.join(", ")),
  fc.string(),
);

describe(`the client on ${RUNS} malformed answers of each kind`, () => {
  it("turns any error answer into a typed error with its status, without the key", async () => {
    const errorAnswer = fc.record({
      status: fc.integer({ min: 400, max: 599 }),
      body,
      headers: fc.record(
        { "retry-after": fc.oneof(fc.nat().map(String), fc.string()), ratelimit: header, "ratelimit-policy": header },
        { requiredKeys: [] },
      ),
    });
    await fc.assert(
      fc.asyncProperty(errorAnswer, async (answer) => {
        next = answer;
        const error = await freshClient()
          .pods.get("p1")
          .then(
            () => undefined,
            (thrown: unknown) => thrown,
          );
        expect(error instanceof ApiError || error instanceof QuotaExhaustedError).toBe(true);
        if (error instanceof ApiError) expect(error.status).toBe(answer.status);
        expect((error as Error).message).not.toContain(API_KEY);
      }),
      { numRuns: RUNS },
    );
  }, 3_600_000);

  it("reads a pod whatever RateLimit headers come with it", async () => {
    const pod = { pods: [] };
    await fc.assert(
      fc.asyncProperty(header, header, async (rateLimit, policy) => {
        next = {
          status: 200,
          body: JSON.stringify(pod),
          headers: { ratelimit: rateLimit, "ratelimit-policy": policy, "content-type": "application/json" },
        };
        expect(await freshClient().pods.list()).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  }, 3_600_000);

  it("parses any RateLimit headers into windows of whole non-negative numbers, or none", () => {
    fc.assert(
      fc.property(fc.option(header, { nil: undefined }), fc.option(header, { nil: undefined }), (rateLimit, policy) => {
        for (const window of parseRateLimitHeaders(rateLimit, policy)) {
          for (const count of [window.remaining, window.resetSeconds, window.quota ?? 0, window.windowSeconds ?? 1]) {
            expect(Number.isInteger(count) && count >= 0).toBe(true);
          }
        }
      }),
      { numRuns: RUNS * 2 },
    );
  }, 3_600_000);
});
