import { afterAll, beforeAll, expect, test } from "vitest";
import { type Harness, startHarness } from "./harness";

let harness: Harness;
let document: {
  openapi: string;
  info: { title: string; description: string };
  paths: Record<string, Record<string, { operationId: string; description?: string }>>;
  components: { schemas: Record<string, unknown> };
};

beforeAll(async () => {
  harness = await startHarness();
  document = (await harness.call("GET", "/v2/openapi.json", { key: null })).body;
});

afterAll(() => harness.emulator.close());

test("GET / is the health check", async () => {
  const answer = await harness.call("GET", "/", { key: null });
  expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { status: "ok" } });
});

test("the OpenAPI description is 3.1 and covers exactly the API the emulator serves", async () => {
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths).sort()).toEqual(
    [
      "/v2/pods",
      "/v2/pods/{id}",
      "/v2/pods/{id}/action",
      "/v2/pods/{id}/logs",
      "/v2/network-volumes",
      "/v2/network-volumes/{id}",
      "/v2/catalog/gpus",
      "/v2/catalog/gpus/{id}",
      "/v2/catalog/cpus",
      "/v2/catalog/cpus/{id}",
      "/v2/catalog/datacenters",
      "/v2/catalog/datacenters/{id}",
    ].sort(),
  );
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const method of Object.keys(methods)) {
      const answer = await harness.call(method.toUpperCase(), path.replace("{id}", "x"), {
        body: ["post", "patch"].includes(method) ? {} : undefined,
      });
      expect(answer.status, `${method} ${path}`).not.toBe(405);
      expect(answer.body?.detail ?? "", `${method} ${path}`).not.toMatch(/^No route/);
    }
  }
});

test("request bodies are described from the validators, unknown properties refused", () => {
  expect(document.components.schemas.CreatePodRequest).toMatchObject({
    type: "object",
    required: ["name", "image"],
    additionalProperties: false,
    properties: { disk: { type: "integer", minimum: 1, default: 20 }, cloud: { enum: ["SECURE", "COMMUNITY"] } },
  });
  expect(document.components.schemas.CreateNetworkVolumeRequest).toMatchObject({
    required: ["name", "size", "dataCenter"],
    properties: { size: { minimum: 10, maximum: 4096 } },
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

test("/docs is an HTML explorer of every operation", async () => {
  const answer = await harness.call("GET", "/docs", { key: null });
  expect(answer.status).toBe(200);
  expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(answer.text).toContain("<title>computeplatform emulator</title>");
  for (const methods of Object.values(document.paths)) {
    for (const { operationId } of Object.values(methods)) expect(answer.text).toContain(`id="${operationId}"`);
  }
});
