import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { registeredApiRoutes } from "../../emulator/http/server";
import { type Answer, gpuPod, type Harness, ManualClock, startHarness } from "./harness";

type Json = Record<string, any>;

let harness: Harness;
const clock = new ManualClock();
let document: {
  openapi: string;
  info: { title: string; description: string };
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, { operationId: string; tags: string[]; description?: string; responses: Json }>>;
  components: Json & { schemas: Record<string, unknown> };
};

beforeAll(async () => {
  harness = await startHarness({ clock: clock.read });
  document = (await harness.call("GET", "/v2/openapi.json", { key: null })).body;
});

afterAll(() => harness.emulator.close());

const WRITES = ["POST", "PUT", "PATCH"];

/** The document's value at a local JSON Pointer such as `#/components/schemas/Pod`, or undefined. */
function resolve(pointer: string): unknown {
  return pointer
    .replace(/^#\//, "")
    .split("/")
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<any>((node, segment) => node?.[segment], document);
}

/** The least value a schema of the document accepts: its required properties only, each the least of its own. */
function leastValueOf(schema: any): unknown {
  if (schema.$ref !== undefined) return leastValueOf(resolve(schema.$ref));
  const members = schema.oneOf ?? schema.anyOf;
  if (members !== undefined) return leastValueOf(members[0]);
  if (schema.enum !== undefined) return schema.enum[0];
  if (schema.type === "object")
    return Object.fromEntries((schema.required ?? []).map((name: string) => [name, leastValueOf(schema.properties[name])]));
  if (schema.type === "array") return Array.from({ length: schema.minItems ?? 0 }, () => leastValueOf(schema.items));
  if (schema.type === "integer" || schema.type === "number") return schema.minimum ?? 1;
  if (schema.type === "boolean") return false;
  return "x".repeat(Math.max(schema.minLength ?? 1, 1));
}

/** Every `$ref` anywhere under a node. */
function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (typeof node !== "object" || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => (key === "$ref" ? [value as string] : refsIn(value)));
}

/**
 * A schema with its references inlined and every object closed to properties it does not list, so that a field
 * the emulator sends but the document omits fails validation too.
 */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (typeof node !== "object" || node === null) return node;
  const { $ref, ...rest } = node as Json;
  if (typeof $ref === "string") return closed(resolve($ref));
  const copy = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, closed(value)]));
  return copy.type === "object" && copy.properties !== undefined && copy.additionalProperties === undefined
    ? { ...copy, additionalProperties: false }
    : copy;
}

/** Asserts that an answer of `method path` (a documented path template) is documented: its status, type and body. */
function expectDocumented(method: string, path: string, answer: Answer): void {
  const where = `${method} ${path} answered ${answer.status}`;
  const operation = document.paths[path]?.[method.toLowerCase()];
  expect(operation, `${method} ${path} is documented`).toBeDefined();
  const listed = operation?.responses[String(answer.status)];
  expect(listed, `${where}, a documented status`).toBeDefined();
  const response = typeof listed.$ref === "string" ? (resolve(listed.$ref) as Json) : listed;
  if (response.content === undefined) {
    expect(answer.text, `${where} without a body`).toBe("");
    return;
  }
  const contentType = (answer.headers["content-type"] ?? "").split(";")[0] ?? "";
  const schema = response.content[contentType]?.schema;
  expect(schema, `${where} as ${contentType}, a documented content type`).toBeDefined();
  if (!contentType.endsWith("json")) return;
  const result = z.fromJSONSchema(closed(schema) as Parameters<typeof z.fromJSONSchema>[0]).safeParse(answer.body);
  expect(result.error?.issues ?? [], `${where}: the body matches its schema`).toEqual([]);
}

test("GET / is the health check", async () => {
  const answer = await harness.call("GET", "/", { key: null });
  expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { status: "ok" } });
});

test("the OpenAPI description documents exactly the method and path pairs the API serves", async () => {
  expect(document.openapi).toBe("3.1.0");
  // A route answering 405 is the refusal of a method the path does not serve. HEAD mirrors GET; OPTIONS is refused.
  const registered = (await registeredApiRoutes())
    .flatMap(({ method, url }) =>
      [method].flat().map((one) => ({ method: one, path: url.replace(/:(\w+)/g, "{$1}").replace(/\*$/, "{path}") })),
    )
    .filter(({ method }) => !["HEAD", "OPTIONS"].includes(method));
  const served: string[] = [];
  for (const { method, path } of registered) {
    const answer = await harness.call(method, path.replace(/\{\w+\}/g, "x"), { body: WRITES.includes(method) ? {} : undefined });
    if (answer.status === 405) continue;
    served.push(`${method} ${path}`);
    expectDocumented(method, path, answer);
  }
  const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(served.sort()).toEqual(documented.sort());
  expect(served.length).toBeGreaterThan(30);
});

test("every $ref resolves", () => {
  const refs = refsIn(document);
  expect(refs.length).toBeGreaterThan(100);
  for (const ref of new Set(refs)) expect(resolve(ref), ref).toBeDefined();
});

test("every operation has a unique id, a declared tag, and the 401 and 429 of every authenticated call", () => {
  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
  const ids = operations.map((operation) => operation.operationId);
  expect(new Set(ids).size).toBe(ids.length);
  const tags = document.tags.map((tag) => tag.name);
  expect(new Set(operations.flatMap((operation) => operation.tags))).toEqual(new Set(tags));
  for (const operation of operations) {
    expect(Object.keys(operation.responses), operation.operationId).toEqual(expect.arrayContaining(["401", "429"]));
  }
});

test("request bodies are described from the validators, unknown properties refused", () => {
  expect(document.components.schemas.CreatePodRequest).toMatchObject({
    type: "object",
    required: ["name", "image"],
    additionalProperties: false,
    properties: { disk: { type: "integer", minimum: 1, default: 20 }, cloud: { enum: ["SECURE", "COMMUNITY"] } },
  });
  expect(document.components.schemas.CreatePodFromTemplateRequest).toMatchObject({
    required: ["name", "templateId"],
    additionalProperties: false,
  });
  expect(document.components.schemas.CreateNetworkVolumeRequest).toMatchObject({
    required: ["name", "size", "dataCenter"],
    properties: { size: { minimum: 10, maximum: 4096 } },
  });
  expect(document.components.schemas.CreateTemplateRequest).toMatchObject({
    required: ["name", "image"],
    additionalProperties: false,
    properties: { startSsh: { default: true }, category: { enum: ["CPU", "NVIDIA", "AMD"], default: "NVIDIA" } },
  });
  expect(document.components.schemas.ReplaceSshKeysRequest).toMatchObject({
    required: ["keys"],
    additionalProperties: false,
  });
});

test("the action endpoint documents the valid actions of every status", () => {
  const description = document.paths["/v2/pods/{id}/action"]?.post?.description ?? "";
  for (const row of [
    "- `PROVISIONING`: stop, terminate",
    "- `STARTING`: stop, terminate",
    "- `RUNNING`: stop, restart, terminate",
    "- `EXITED`: start, terminate",
    "- `ERROR`: start, terminate",
    "- `TERMINATED`: none",
  ]) {
    expect(description).toContain(row);
  }
});

describe("answers match the schemas the description gives them", () => {
  const ids: Record<string, string> = {
    "/v2/catalog/gpus/{id}": encodeURIComponent("NVIDIA GeForce RTX 4090"),
    "/v2/catalog/cpus/{id}": "cpu3c",
    "/v2/catalog/datacenters/{id}": "US-TX-3",
  };
  /** Extra queries a GET is also called with, so that what they add to the answer is checked too. */
  const variants: Record<string, string[]> = {
    "/v2/catalog/gpus": ["?include=AVAILABILITY&product=POD,CLUSTER&cudaVersions=12.8"],
    "/v2/catalog/gpus/{id}": ["?include=AVAILABILITY&product=SERVERLESS&count=2&cloud=COMMUNITY"],
    "/v2/catalog/cpus": ["?include=AVAILABILITY&product=POD&vcpuCount=4"],
    "/v2/catalog/cpus/{id}": ["?include=AVAILABILITY&product=SERVERLESS"],
    "/v2/catalog/datacenters": ["?include=GPU_AVAILABILITY,CPU_AVAILABILITY&regions=EUROPE"],
    "/v2/catalog/datacenters/{id}": ["?include=GPU_AVAILABILITY,CPU_AVAILABILITY"],
    "/v2/catalog/templates": ["?source=community"],
    "/v2/billing": ["?bucketSize=hour&lastN=3"],
    "/v2/billing/pods": ["?bucketSize=hour&lastN=3"],
    "/v2/pods": ["?includeClusterPods=true"],
  };
  /** Values of the path parameters other than `{id}`. */
  const pathParameters: Record<string, string> = {};
  /** Path parameters of one path that differ from `pathParameters`. */
  const pathOverrides: Record<string, Record<string, string>> = {};

  /** Calls a documented operation with the path's parameters filled in, and checks the answer against the description. */
  async function documentedCall(method: string, path: string, query = "", body?: unknown): Promise<Answer> {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = name === "id" ? ids[path] : (pathOverrides[path]?.[name] ?? pathParameters[name]);
      if (value === undefined) throw new Error(`No example ${name} for ${path}`);
      return value;
    });
    const answer = await harness.call(method, `${filled}${query}`, { body });
    expectDocumented(method, path, answer);
    return answer;
  }

  beforeAll(async () => {
    const registry = await documentedCall("POST", "/v2/registries", "", { name: "private-images", username: "puller", password: "s3cret" });
    ids["/v2/registries/{id}"] = registry.body.id;
    const volume = await documentedCall("POST", "/v2/network-volumes", "", { name: "datasets", size: 50, dataCenter: "US-TX-3" });
    ids["/v2/network-volumes/{id}"] = volume.body.id;
    const template = await documentedCall("POST", "/v2/templates", "", {
      name: "notebook",
      image: "org/notebook:2",
      registry: registry.body.id,
      mounts: { persistent: { size: 20, path: "/workspace" } },
      allowedCudaVersions: ["12.8"],
    });
    ids["/v2/templates/{id}"] = template.body.id;
    await documentedCall("PUT", "/v2/account/ssh-keys", "", {
      keys: ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHjEz/J+pSQ2TMT2LGdq1VU98Z5/mT4PMFB7nNDIeQZP dev@computeplatform.test"],
    });
    const gpu = await documentedCall("POST", "/v2/pods", "", {
      ...gpuPod({ ports: ["22/tcp", "8888/http"], globalNetworking: true, startSsh: true, registry: registry.body.id }),
      mounts: { network: [{ volumeId: volume.body.id, path: "/data" }] },
    });
    ids["/v2/pods/{id}"] = gpu.body.id;
    ids["/v2/pods/{id}/logs"] = gpu.body.id;
    const cpu = await documentedCall("POST", "/v2/pods", "", {
      name: "from-template",
      templateId: template.body.id,
      cpu: { id: "cpu3c", vcpuCount: 4, memory: 8 },
    });
    const delegation = await documentedCall("POST", "/v2/registries/delegations", "", {
      resource: "arn:aws:ecr:eu-west-1:210987654321:repository/research/trainer:v3",
      name: "trainer images",
    });
    ids["/v2/registries/delegations/{id}"] = delegation.body.id;
    const cluster = await documentedCall("POST", "/v2/clusters", "", {
      name: "trainers",
      type: "SLURM",
      compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 2 },
      image: "org/slurm:24",
    });
    ids["/v2/clusters/{id}"] = cluster.body.id;
    ids["/v2/clusters/{id}/pods"] = cluster.body.id;
    const serverlessTemplate = await documentedCall("POST", "/v2/templates", "", {
      name: "worker",
      image: "org/worker:1",
      serverless: true,
      registry: registry.body.id,
    });
    const endpoint = await documentedCall("POST", "/v2/serverless", "", {
      name: "echo",
      type: "QUEUE",
      templateId: serverlessTemplate.body.id,
      gpu: { pools: ["ADA_24"] },
      workers: { min: 1, max: 2 },
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    });
    for (const path of [
      "/v2/serverless/{id}",
      "/v2/serverless/{id}/workers",
      "/v2/serverless/{id}/releases",
      "/v2/serverless/{id}/workers/{workerId}/logs",
    ]) {
      ids[path] = endpoint.body.id;
    }
    const balanced = await documentedCall("POST", "/v2/serverless", "", {
      name: "api",
      type: "LOAD_BALANCER",
      image: "org/api:1",
      cpu: [{ id: "cpu3c", vcpuCount: 4 }],
      scaling: { type: "REQUEST_COUNT", requestCount: 8 },
    });
    pathOverrides["/v2/lb/{endpointId}"] = { endpointId: balanced.body.id };
    pathOverrides["/v2/lb/{endpointId}/{path}"] = { endpointId: balanced.body.id, path: "v1/models" };
    pathParameters.endpointId = endpoint.body.id;
    pathParameters.workerId = `${endpoint.body.id}-w0`;
    await clock.advanceUntil(documentedCall("POST", "/v2/{endpointId}/runsync", "", { input: { prompt: "hello" } }));
    pathParameters.jobId = (await documentedCall("POST", "/v2/{endpointId}/run", "", { input: { prompt: "again" } })).body.id;
    clock.advance(3_600_000);
    ids["/v2/pods/{id}/action"] = cpu.body.id;
    expect((await documentedCall("POST", "/v2/pods/{id}/action", "", { action: "terminate" })).status).toBe(200);
    // A collection none of the calls above made a record in (a kind added since) gets one, from its create body's schema.
    for (const [path, methods] of Object.entries(document.paths)) {
      const one = `${path}/{id}`;
      if (methods.post === undefined || document.paths[one] === undefined || ids[one] !== undefined) continue;
      const body = (methods.post as { requestBody?: { content: Record<string, { schema: Json }> } }).requestBody?.content[
        "application/json"
      ];
      ids[one] = (await documentedCall("POST", path, "", body && leastValueOf(body.schema))).body.id;
    }
  });

  test("every documented GET, running pods and availability included", async () => {
    // An event stream stays open, so it is read where its events are checked: logs.test.ts and the contract tests.
    const streams = (methods: any) => methods.get?.responses?.["200"]?.content?.["text/event-stream"] !== undefined;
    const gets = Object.entries(document.paths).filter(([, methods]) => methods.get !== undefined && !streams(methods));
    for (const [path] of gets) {
      for (const query of ["", ...(variants[path] ?? [])]) {
        expect((await documentedCall("GET", path, query)).status, `GET ${path}${query}`).toBe(200);
      }
    }
    const pod = await documentedCall("GET", "/v2/pods/{id}");
    expect(pod.body).toMatchObject({ status: "RUNNING", runtime: { gpus: [expect.any(Object)] }, globalNetworking: { enabled: true } });
    const gpu = await documentedCall("GET", "/v2/catalog/gpus/{id}", "?include=AVAILABILITY&product=POD");
    expect(Object.keys(gpu.body)).toEqual(expect.arrayContaining(["availability", "dataCenters", "cudaVersions"]));
  });

  test("job operations, refusals included, and load-balancing workers", async () => {
    const sync = (query: string, input: Record<string, unknown>) =>
      clock.advanceUntil(documentedCall("POST", "/v2/{endpointId}/runsync", query, { input }));
    const failed = await sync("?wait=1000", { error: "boom" });
    expect(failed.status).toBe(400);
    const unfinished = await sync("?wait=1000", { sleepMs: 5000 });
    expect(unfinished.body.status).toBe("IN_PROGRESS");
    expect((await sync("?wait=1", {})).status).toBe(400);
    pathParameters.jobId = unfinished.body.id;
    expect((await documentedCall("POST", "/v2/{endpointId}/cancel/{jobId}")).body).toEqual({ id: unfinished.body.id, status: "CANCELLED" });
    expect((await documentedCall("POST", "/v2/{endpointId}/retry/{jobId}")).status).toBe(400);
    pathParameters.jobId = failed.body.id;
    expect((await documentedCall("POST", "/v2/{endpointId}/retry/{jobId}")).body).toEqual({ id: failed.body.id, status: "IN_QUEUE" });
    expect((await documentedCall("GET", "/v2/{endpointId}/stream/{jobId}")).body).toEqual({ status: "IN_QUEUE", stream: [] });
    expect((await documentedCall("POST", "/v2/{endpointId}/purge-queue")).body).toEqual({ removed: 1, status: "completed" });
    const echo = await documentedCall("POST", "/v2/lb/{endpointId}/{path}", "?debug=1", { messages: ["hi"] });
    expect(echo.body).toEqual({ method: "POST", path: "/v1/models", query: { debug: "1" }, body: { messages: ["hi"] } });
    pathOverrides["/v2/lb/{endpointId}/{path}"] = { ...pathOverrides["/v2/lb/{endpointId}/{path}"], path: "ping" };
    expect((await documentedCall("GET", "/v2/lb/{endpointId}/{path}")).body).toEqual({ status: "healthy" });
    for (const method of ["PUT", "PATCH", "DELETE"]) expect((await documentedCall(method, "/v2/lb/{endpointId}")).status).toBe(200);
  });

  test("changes and deletes", async () => {
    await documentedCall("PATCH", "/v2/pods/{id}", "", { env: { MODE: "eval" } });
    await documentedCall("PATCH", "/v2/templates/{id}", "", { public: true });
    await documentedCall("PATCH", "/v2/network-volumes/{id}", "", { size: 60 });
    await documentedCall("PATCH", "/v2/registries/{id}", "", { name: "renamed" });
    expect((await documentedCall("DELETE", "/v2/registries/delegations/{id}")).status).toBe(204);
    expect((await documentedCall("DELETE", "/v2/registries/{id}")).status).toBe(400);
    expect((await documentedCall("DELETE", "/v2/network-volumes/{id}")).status).toBe(409);
    expect((await documentedCall("DELETE", "/v2/pods/{id}")).status).toBe(204);
    expect((await documentedCall("DELETE", "/v2/templates/{id}")).status).toBe(204);
    await documentedCall("PATCH", "/v2/clusters/{id}", "", { name: "renamed" });
    await documentedCall("PATCH", "/v2/serverless/{id}", "", { image: "org/worker:2", workers: { max: 4 } });
    expect((await documentedCall("DELETE", "/v2/clusters/{id}")).status).toBe(204);
    expect((await documentedCall("DELETE", "/v2/serverless/{id}")).status).toBe(204);
  });
});

test("/docs is an HTML explorer of every operation", async () => {
  const answer = await harness.call("GET", "/docs", { key: null });
  expect(answer.status).toBe(200);
  expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(answer.text).toContain("<title>computeplatform emulator</title>");
  for (const methods of Object.values(document.paths)) {
    for (const { operationId } of Object.values(methods)) expect(answer.text).toContain(`id="${operationId}"`);
  }
  expect(answer.text).toContain("Body, one of: <code>CreatePodRequest</code>, <code>CreatePodFromTemplateRequest</code>");
  expect(answer.text).toContain("<li><code>401</code> Missing, malformed or unknown bearer token</li>");
  expect(answer.text).toContain("<li><code>409</code> A pod mounts the volume, or a serverless endpoint has it attached</li>");
});
