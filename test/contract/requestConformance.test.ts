// Every request the package sends, held to the reference OpenAPI description and the spec (read from ../shared at test
// time). A program creates every kind in the registry through the provider modules (which the native plugin serves
// too), changes each in place, refreshes and deletes it, and drives the job API as the package does (run, runsync,
// status, stream, cancel, retry, purge-queue, health); a recorder in front of the emulator keeps every request and its
// answer. Each must be an operation the reference (or, for the job API, the spec or an endpoint's `requestUrls`)
// documents, with declared query parameters and a body of the documented schema, answered with a declared status and a
// body of the documented schema. Where the spec says otherwise than the reference, the spec wins, and the exception
// below names the spec's line.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { KIND_NAMES, type KindName } from "../../provider/kindRegistry";
import type { Properties } from "../../provider/plugin/properties";
import { sharedClient } from "../../provider/sharedClient";
import { ECHO_ENDPOINT, fixtures } from "./kindFixtures";
import { type JobOperation, ReferenceConformance, type ReferenceDocument, type SpecException } from "./referenceConformance";
import { API_KEY, type ServingPath, servingPaths } from "./servingPaths";
import { startWireRecorder, type WireExchange, type WireRecorder } from "./wireRecorder";

const shared = path.resolve(__dirname, "../../../shared");
const reference = JSON.parse(fs.readFileSync(path.join(shared, "reference/openapi-v2.json"), "utf8")) as ReferenceDocument;
const spec = fs.readFileSync(path.join(shared, "spec/compute-platform-api-v2.md"), "utf8");

/** The spec's job response table ("Job response (job API)"): every field it names, typed as it says. */
const jobResponse = {
  type: "object",
  required: ["id", "status"],
  properties: {
    id: { type: "string" },
    status: { type: "string" },
    delayTime: { type: "integer" },
    executionTime: { type: "integer" },
    output: {},
    workerId: { type: "string" },
    error: { type: "string" },
  },
  additionalProperties: false,
};

/** The spec: "bodies are JSON with a single `input` object". */
const jobRequest = { type: "object", required: ["input"], properties: { input: { type: "object" } }, additionalProperties: false };

/**
 * The job API as documented: the spec's table gives run, runsync and status with their methods; the reference's
 * `QueueBasedRequestUrls` gives the URLs of the rest, whose method neither says (the package uses the one each URL's
 * description implies: reading is GET, acting is POST). No status but runsync's 400 is documented: 200 stands for "it
 * returns". The spec shows answer bodies only for run, runsync and status.
 */
const jobOperations: JobOperation[] = [
  {
    method: "POST",
    template: "/v2/{endpoint_id}/run",
    documented: { specLine: "| POST | {job_base_url}/v2/{endpoint_id}/run |" },
    query: {},
    body: jobRequest,
    answers: { 200: jobResponse },
  },
  {
    method: "POST",
    template: "/v2/{endpoint_id}/runsync",
    documented: { specLine: "| POST | {job_base_url}/v2/{endpoint_id}/runsync |" },
    query: { wait: { requestUrl: "runSync" } },
    body: jobRequest,
    answers: { 200: jobResponse, 400: jobResponse },
  },
  {
    method: "GET",
    template: "/v2/{endpoint_id}/status/{job_id}",
    documented: { specLine: "| GET | {job_base_url}/v2/{endpoint_id}/status/{job_id} |" },
    query: {},
    answers: { 200: jobResponse },
  },
  {
    method: "GET",
    template: "/v2/{endpoint_id}/stream/{job_id}",
    documented: { requestUrl: "stream" },
    query: {},
    answers: { 200: undefined },
  },
  {
    method: "POST",
    template: "/v2/{endpoint_id}/cancel/{job_id}",
    documented: { requestUrl: "cancel" },
    query: {},
    answers: { 200: undefined },
  },
  {
    method: "POST",
    template: "/v2/{endpoint_id}/retry/{job_id}",
    documented: { requestUrl: "retry" },
    query: {},
    answers: { 200: undefined },
  },
  {
    method: "POST",
    template: "/v2/{endpoint_id}/purge-queue",
    documented: { requestUrl: "purgeQueue" },
    query: {},
    answers: { 200: undefined },
  },
  { method: "GET", template: "/v2/{endpoint_id}/health", documented: { requestUrl: "health" }, query: {}, answers: { 200: undefined } },
];

/** Where the spec overrides the reference, named with the spec's line; every one must still be needed. */
const specExceptions: SpecException[] = [
  {
    // The reference's CPU configuration derives memory from the flavor; the spec's pod create requires it.
    operation: "POST /v2/pods",
    problem: /request body \/cpu must NOT have unevaluated properties \(memory\)$/,
    specLine: "| memory | integer, required, minimum 1 | memory in GB |",
  },
];

let emulator: Emulator;
let wire: WireRecorder;
let serving: ServingPath;

beforeAll(async () => {
  emulator = await startEmulator({ apiKeys: [API_KEY], timings: { provisioningMs: 50, startingMs: 50 } });
  wire = await startWireRecorder(emulator.url);
  serving = await servingPaths["the provider modules (dynamic resources)"](wire.url);
});

afterAll(async () => {
  await wire?.close();
  await emulator?.close();
});

/** Runs every kind through create, an in-place change, refresh and delete, then the job API; returns what crossed the wire. */
async function everyRequestOfTheProgram(): Promise<readonly WireExchange[]> {
  const made: Array<{ kind: KindName; id: string; outs: Properties }> = [];
  let endpointId = "";
  const argsOf = (kind: KindName) => {
    const args = fixtures[kind].args;
    return args.endpointId === ECHO_ENDPOINT ? { ...args, endpointId } : args;
  };
  for (const kind of KIND_NAMES) {
    const args = argsOf(kind);
    const checked = await serving.check(kind, {}, args);
    expect(checked.failures).toEqual([]);
    let { id, outs } = await serving.create(kind, checked.inputs);
    if (kind === "ServerlessEndpoint") endpointId = id;
    const inPlace = fixtures[kind].inPlace;
    if (inPlace) {
      const news = await serving.check(kind, args, { ...args, ...inPlace.change });
      outs = await serving.update(kind, id, outs, news.inputs);
    }
    ({ id } = await serving.read(kind, id, outs));
    made.push({ kind, id, outs });
  }

  // A CPU pod too, whose create body differs from a GPU pod's.
  const cpuPod = { name: "cpu-worker", image: "org/worker:1", cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 } };
  const cpuChecked = await serving.check("Pod", {}, cpuPod);
  expect(cpuChecked.failures).toEqual([]);
  made.push({ kind: "Pod", ...(await serving.create("Pod", cpuChecked.inputs)) });

  const jobs = sharedClient().jobs;
  const queued = await jobs.run(endpointId, { n: 1, sleepMs: 300, stream: ["a", "b"] });
  for await (const chunk of jobs.stream(endpointId, queued.id, { intervalMs: 100 })) expect(chunk).toBeDefined();
  await jobs.status(endpointId, queued.id);
  const failed = await jobs.runsync(endpointId, { error: "expected" }, { waitMs: 5000 });
  await jobs.retry(endpointId, failed.id);
  await jobs.cancel(endpointId, failed.id);
  await jobs.purgeQueue(endpointId);
  await jobs.health(endpointId);

  for (const { kind, id, outs } of made.reverse()) await serving.delete(kind, id, outs);
  return wire.exchanges;
}

describe("every request the package sends", () => {
  let exchanges: readonly WireExchange[];
  let checks: ReferenceConformance;
  beforeAll(async () => {
    checks = new ReferenceConformance(reference, jobOperations);
    exchanges = await everyRequestOfTheProgram();
  }, 120_000);

  it("covers every kind's create, in-place change, refresh and delete, and the job API", () => {
    const operations = new Set(exchanges.map((exchange) => checks.operationOf(exchange)));
    for (const kind of KIND_NAMES) {
      const { collection } = fixtures[kind];
      if (collection === undefined) continue;
      const template = `${collection}/{id}`;
      // Delegations have no read of one: the collection is read.
      const read = reference.paths[template]?.get ? `GET ${template}` : `GET ${collection}`;
      for (const operation of [`POST ${collection}`, read, `DELETE ${template}`]) expect(operations).toContain(operation);
      if (fixtures[kind].inPlace) expect(operations).toContain(`PATCH ${template}`);
    }
    expect(operations).toContain("PUT /v2/account/ssh-keys");
    for (const job of jobOperations) expect(operations).toContain(`${job.method} ${job.template}`);
  });

  it("each job operation is documented where the test says, by the spec's line or an endpoint's requestUrls", () => {
    const requestUrls = reference.components.schemas.QueueBasedRequestUrls!.properties!;
    for (const job of jobOperations) {
      for (const source of [job.documented, ...Object.values(job.query)]) {
        if ("specLine" in source) expect(spec).toContain(source.specLine);
        else expect(requestUrls[source.requestUrl]).toBeDefined();
      }
      if ("requestUrl" in job.documented) {
        const [example] = requestUrls[job.documented.requestUrl]!.examples!;
        expect(new URL(example!.replaceAll("{job_id}", "j")).pathname.replace(/^\/v2\/[^/]+/, "/v2/{endpoint_id}")).toBe(
          job.template.replace("{job_id}", "j"),
        );
      }
    }
    expect(requestUrls.runSync!.description).toContain("`?wait=x`");
  });

  it("each is documented: its operation, query, body, and its answer's status and body", () => {
    const problems = exchanges.flatMap((exchange) => checks.problemsWith(exchange));
    const unexplained = problems.filter((problem) => !specExceptions.some((exception) => matches(exception, problem)));
    expect(unexplained).toEqual([]);
    for (const exception of specExceptions) {
      expect(spec, `${exception.operation}: the spec's line`).toContain(exception.specLine);
      expect(
        problems.some((problem) => matches(exception, problem)),
        `${exception.operation} ${exception.problem}: still needed`,
      ).toBe(true);
    }
  });
});

function matches(exception: SpecException, problem: string): boolean {
  return problem.startsWith(`${exception.operation}: `) && exception.problem.test(problem);
}
