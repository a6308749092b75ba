import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API_KEY, expectProblem, gpuPod, type Harness, startHarness } from "./harness";

const READ_ONLY_KEY = "registries-read-only-key";
const OTHER_ACCOUNT_KEY = "registries-other-account-key";
const USERNAME = "ci-puller-7c1e";
const PASSWORD = "pw-5d9b2f0a-never-echoed";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    apiKeys: [API_KEY, { key: READ_ONLY_KEY, readOnly: true }, { key: OTHER_ACCOUNT_KEY, account: "other" }],
  });
});

afterAll(() => harness.emulator.close());

const create = (body: unknown, key?: string) => harness.call("POST", "/v2/registries", { body, key });
const credential = (name: string) => ({ name, username: USERNAME, password: PASSWORD });

async function createRegistry(name: string): Promise<string> {
  const answer = await create(credential(name));
  expect(answer.status).toBe(201);
  return answer.body.id;
}

describe("create", () => {
  test("answers 201 with id and name only: username and password are write-only", async () => {
    const answer = await create(credential("ghcr"));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.stringMatching(/^[a-z0-9]{10}$/), name: "ghcr" });
    expect(answer.text).not.toContain(PASSWORD);
    expect(answer.text).not.toContain(USERNAME);
  });

  test("allows two credentials with the same name", async () => {
    const [first, second] = [await createRegistry("twin"), await createRegistry("twin")];
    expect(first).not.toBe(second);
  });

  test.each([
    {
      case: "missing fields",
      body: {},
      errors: ["missing required property at /name", "missing required property at /username", "missing required property at /password"],
    },
    {
      case: "empty fields",
      body: { name: "", username: "", password: "" },
      errors: ["must not be empty at /name", "must not be empty at /username", "must not be empty at /password"],
    },
    { case: "a non-string password", body: { ...credential("r"), password: 1234 }, errors: ["expected string at /password"] },
    {
      case: "an unknown property",
      body: { ...credential("r"), server: "ghcr.io" },
      errors: ["unknown property at /server"],
    },
  ])("$case is 400", async ({ body, errors }) => {
    const answer = await create(body);
    expectProblem(answer, 400, "Request body failed validation", errors);
    expect(answer.text).not.toContain(PASSWORD);
  });

  test("a body that is not an object is 400", async () => {
    expectProblem(await create(["ghcr"]), 400, "Request body failed validation", ["expected object at /"]);
  });
});

describe("read", () => {
  let id: string;
  beforeAll(async () => {
    id = await createRegistry("quay");
  });

  test("get and list render id and name only", async () => {
    const get = await harness.call("GET", `/v2/registries/${id}`);
    expect({ status: get.status, body: get.body }).toEqual({ status: 200, body: { id, name: "quay" } });
    const list = await harness.call("GET", "/v2/registries");
    expect(list.status).toBe(200);
    expect(list.body.registries).toContainEqual({ id, name: "quay" });
    expect(Object.keys(list.body)).toEqual(["registries"]);
    for (const answer of [get, list]) {
      expect(answer.text).not.toContain(PASSWORD);
      expect(answer.text).not.toContain(USERNAME);
    }
  });

  test("the store keeps the credentials; the snapshot renders them as the API does", async () => {
    expect(harness.emulator.snapshot().registries).toContainEqual({ id, name: "quay" });
    expect(JSON.stringify(harness.emulator.snapshot())).not.toContain(PASSWORD);
  });

  test("an unknown id is 404", async () => {
    expectProblem(await harness.call("GET", "/v2/registries/nosuchreg1"), 404, "Registry nosuchreg1 not found");
    expectProblem(await harness.call("DELETE", "/v2/registries/nosuchreg1"), 404, "Registry nosuchreg1 not found");
  });
});

describe("update", () => {
  test("renames a credential and re-keys it without ever rendering the credentials", async () => {
    const id = await createRegistry("before");
    const answer = await harness.call("PATCH", `/v2/registries/${id}`, { body: { name: "after", password: "rotated-pw-31" } });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { id, name: "after" } });
    expect(answer.text).not.toContain("rotated-pw-31");
  });

  test.each([
    { body: {}, errors: undefined, detail: "Send at least one of name, username or password" },
    { body: { password: "" }, errors: ["must not be empty at /password"], detail: "Request body failed validation" },
    { body: { token: "x" }, errors: ["unknown property at /token"], detail: "Request body failed validation" },
  ])("refuses $body with 400", async ({ body, errors, detail }) => {
    const id = await createRegistry("strict");
    expectProblem(await harness.call("PATCH", `/v2/registries/${id}`, { body }), 400, detail, errors);
  });

  test("404 for an unknown credential", async () => {
    expectProblem(await harness.call("PATCH", "/v2/registries/nosuchreg1", { body: { name: "x" } }), 404, "Registry nosuchreg1 not found");
  });
});

describe("methods", () => {
  test.each([
    { method: "PUT", path: "/v2/registries/abc", allow: "GET, PATCH, DELETE, HEAD" },
    { method: "POST", path: "/v2/registries/abc", allow: "GET, PATCH, DELETE, HEAD" },
    { method: "PUT", path: "/v2/registries", allow: "GET, POST, HEAD" },
    { method: "DELETE", path: "/v2/registries", allow: "GET, POST, HEAD" },
  ])("$method $path is 405 with Allow: $allow", async ({ method, path, allow }) => {
    const answer = await harness.call(method, path, { body: { name: "renamed" } });
    expectProblem(answer, 405, `${method} is not allowed on ${path}`);
    expect(answer.headers.allow).toBe(allow);
  });
});

describe("auth", () => {
  let id: string;
  beforeAll(async () => {
    id = await createRegistry("private");
  });

  test("no key is 401", async () => {
    expectProblem(await harness.call("GET", "/v2/registries", { key: null }), 401, "Missing bearer token");
    expectProblem(await create(credential("x"), "not-a-key"), 401, "Invalid API key");
  });

  test("a read-only key may list and read but not create or delete", async () => {
    expect((await harness.call("GET", `/v2/registries/${id}`, { key: READ_ONLY_KEY })).status).toBe(200);
    expectProblem(await create(credential("x"), READ_ONLY_KEY), 403, "This API key is read-only and cannot POST /v2/registries");
    expectProblem(
      await harness.call("DELETE", `/v2/registries/${id}`, { key: READ_ONLY_KEY }),
      403,
      `This API key is read-only and cannot DELETE /v2/registries/${id}`,
    );
  });

  test("another account's credential is 403 and absent from that account's list", async () => {
    const forbidden = `Registry ${id} is not accessible with this API key`;
    expectProblem(await harness.call("GET", `/v2/registries/${id}`, { key: OTHER_ACCOUNT_KEY }), 403, forbidden);
    expectProblem(await harness.call("DELETE", `/v2/registries/${id}`, { key: OTHER_ACCOUNT_KEY }), 403, forbidden);
    expect((await harness.call("GET", "/v2/registries", { key: OTHER_ACCOUNT_KEY })).body).toEqual({ registries: [] });
    expect((await harness.call("GET", `/v2/registries/${id}`)).status).toBe(200);
  });
});

describe("delete", () => {
  test("answers 204 with no body; the credential is then gone", async () => {
    const id = await createRegistry("short-lived");
    const answer = await harness.call("DELETE", `/v2/registries/${id}`);
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 204, text: "" });
    expectProblem(await harness.call("GET", `/v2/registries/${id}`), 404, `Registry ${id} not found`);
    expect((await harness.call("GET", "/v2/registries")).body.registries).not.toContainEqual({ id, name: "short-lived" });
  });

  test("is 400 naming the pods that use the credential, and 204 once they are gone", async () => {
    const id = await createRegistry("in-use");
    const first = (await harness.call("POST", "/v2/pods", { body: gpuPod({ name: "puller-1", registry: id }) })).body.id;
    expectProblem(
      await harness.call("DELETE", `/v2/registries/${id}`),
      400,
      `Registry ${id} is in use by pod ${first}; delete it or move it to another registry first`,
    );
    const second = (await harness.call("POST", "/v2/pods", { body: gpuPod({ name: "puller-2", registry: id }) })).body.id;
    expectProblem(
      await harness.call("DELETE", `/v2/registries/${id}`),
      400,
      `Registry ${id} is in use by pods ${first}, ${second}; delete them or move them to another registry first`,
    );
    expect((await harness.call("DELETE", `/v2/pods/${first}`)).status).toBe(204);
    expect((await harness.call("PATCH", `/v2/pods/${second}`, { body: { registry: null } })).status).toBe(200);
    expect((await harness.call("DELETE", `/v2/registries/${id}`)).status).toBe(204);
    await harness.call("DELETE", `/v2/pods/${second}`);
  });

  test("does not wait for templates: those that name the credential lose the reference, others keep theirs", async () => {
    const [id, kept] = [await createRegistry("template-only"), await createRegistry("kept")];
    const template = (registry: string) => ({ name: `uses-${registry}`, image: "org/private:1", registry });
    const losing = (await harness.call("POST", "/v2/templates", { body: template(id) })).body;
    const keeping = (await harness.call("POST", "/v2/templates", { body: template(kept) })).body;
    expect([losing.registry, keeping.registry]).toEqual([id, kept]);
    expect((await harness.call("DELETE", `/v2/registries/${id}`)).status).toBe(204);
    expect((await harness.call("GET", `/v2/templates/${losing.id}`)).body).toEqual({ ...losing, registry: null });
    expect((await harness.call("GET", `/v2/templates/${keeping.id}`)).body).toEqual(keeping);
  });
});
