import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API_KEY, expectProblem, type Harness, ManualClock, startHarness } from "./harness";

const SAME_ACCOUNT_KEY = "delegations-second-key";
const READ_ONLY_KEY = "delegations-read-only-key";
const OTHER_ACCOUNT_KEY = "delegations-other-account-key";
const REPOSITORY_ARN = "arn:aws:ecr:eu-west-1:210987654321:repository/";
const ARN = `${REPOSITORY_ARN}ml/trainer`;
const MALFORMED = "must be an ECR repository ARN: arn:aws:ecr:<region>:<12-digit account id>:repository/<name>[:<tag>] at /resource";

const clock = new ManualClock();
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    clock: clock.read,
    apiKeys: [API_KEY, { key: SAME_ACCOUNT_KEY }, { key: READ_ONLY_KEY, readOnly: true }, { key: OTHER_ACCOUNT_KEY, account: "other" }],
  });
});

afterAll(() => harness.emulator.close());

const create = (body: unknown, key?: string) => harness.call("POST", "/v2/registries/delegations", { body, key });
const list = (key?: string | null) => harness.call("GET", "/v2/registries/delegations", { key });

describe("create", () => {
  test("answers 201 with the delegation derived from the ARN and its tag", async () => {
    clock.now = Date.parse("2026-03-04T05:06:07.089Z");
    const answer = await create({ resource: `${ARN}:v3`, name: "trainer-images" });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{10}$/),
      name: "trainer-images",
      delegatorUserId: expect.stringMatching(/^user-[0-9a-f]{12}$/),
      awsUser: "210987654321",
      repository: "ml/trainer",
      tag: "v3",
      awsRegion: "eu-west-1",
      dockerRegistryUri: "210987654321.dkr.ecr.eu-west-1.amazonaws.com",
      createdAt: "2026-03-04T05:06:07.089Z",
    });
  });

  test("covers latest without a tag, and has a null name without one", async () => {
    const answer = await create({ resource: "arn:aws:ecr:us-gov-west-1:123123123123:repository/base" });
    expect(answer.body).toMatchObject({ name: null, repository: "base", tag: "latest", awsRegion: "us-gov-west-1" });
    expect((await create({ resource: ARN, name: null })).body.name).toBeNull();
  });

  test("names the same delegator for every key of an account, another one for another account", async () => {
    const mine = (await create({ resource: ARN })).body.delegatorUserId;
    expect((await create({ resource: ARN }, SAME_ACCOUNT_KEY)).body.delegatorUserId).toBe(mine);
    expect((await create({ resource: ARN }, OTHER_ACCOUNT_KEY)).body.delegatorUserId).not.toBe(mine);
  });

  test.each([
    ["an S3 ARN", "arn:aws:s3:::my-bucket"],
    ["another partition", "arn:aws-cn:ecr:cn-north-1:210987654321:repository/ml/trainer"],
    ["an 11-digit account", "arn:aws:ecr:eu-west-1:21098765432:repository/ml/trainer"],
    ["no region", "arn:aws:ecr::210987654321:repository/ml/trainer"],
    ["no repository", "arn:aws:ecr:eu-west-1:210987654321:repository/"],
    ["an upper-case repository", "arn:aws:ecr:eu-west-1:210987654321:repository/ML/Trainer"],
    ["a one-character repository", "arn:aws:ecr:eu-west-1:210987654321:repository/m"],
    ["an empty tag", `${ARN}:`],
    ["a tag starting with a dot", `${ARN}:.v3`],
    ["an image URI", "210987654321.dkr.ecr.eu-west-1.amazonaws.com/ml/trainer:v3"],
    ["an empty string", ""],
    ["a 257-character repository", `${REPOSITORY_ARN}${"r".repeat(257)}`],
    ["a 129-character tag", `${ARN}:${"x".repeat(129)}`],
    ["two separators in a row", `${REPOSITORY_ARN}ml--trainer`],
    ["an empty name part", `${REPOSITORY_ARN}ml//trainer`],
    ["a trailing slash", `${REPOSITORY_ARN}ml/`],
    ["a second tag", `${ARN}:v3:v4`],
    ["a region without its number", "arn:aws:ecr:eu-west:210987654321:repository/ml/trainer"],
  ])("%s is 400 naming /resource", async (_case, resource) => {
    expectProblem(await create({ resource }), 400, "Request body failed validation", [MALFORMED]);
  });

  test.each([
    { case: "a two-character repository", repository: "ml", tag: undefined },
    { case: "a 256-character repository", repository: "r".repeat(256), tag: undefined },
    { case: "separators inside name parts", repository: "ml-ops/fine_tune.v2", tag: "v3" },
    { case: "a 128-character mixed-case tag", repository: "ml/trainer", tag: `_B${"x".repeat(126)}` },
  ])("$case is accepted", async ({ repository, tag }) => {
    const answer = await create({ resource: `${REPOSITORY_ARN}${repository}${tag === undefined ? "" : `:${tag}`}` });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ awsUser: "210987654321", awsRegion: "eu-west-1", repository, tag: tag ?? "latest" });
  });

  test.each([
    { case: "no resource", body: { name: "x" }, errors: ["missing required property at /resource"] },
    { case: "a numeric resource", body: { resource: 7 }, errors: ["expected string at /resource"] },
    { case: "a numeric name", body: { resource: ARN, name: 7 }, errors: ["expected string at /name"] },
    { case: "an unknown property", body: { resource: ARN, tag: "v3" }, errors: ["unknown property at /tag"] },
  ])("$case is 400", async ({ body, errors }) => {
    expectProblem(await create(body), 400, "Request body failed validation", errors);
  });
});

describe("list and revoke", () => {
  let id: string;
  let delegation: Record<string, unknown>;
  beforeAll(async () => {
    delegation = (await create({ resource: `${ARN}:nightly`, name: "nightly" })).body;
    id = delegation.id as string;
  });

  test("lists the account's delegations only", async () => {
    const mine = await list();
    expect(mine.status).toBe(200);
    expect(Object.keys(mine.body)).toEqual(["delegations"]);
    expect(mine.body.delegations).toContainEqual(delegation);
    expect((await list(OTHER_ACCOUNT_KEY)).body.delegations.map((d: { id: string }) => d.id)).not.toContain(id);
    expect(harness.emulator.snapshot().delegations).toContainEqual(delegation);
  });

  test("another account cannot revoke it: 403", async () => {
    expectProblem(
      await harness.call("DELETE", `/v2/registries/delegations/${id}`, { key: OTHER_ACCOUNT_KEY }),
      403,
      `Delegation ${id} is not accessible with this API key`,
    );
  });

  test("a read-only key lists but cannot create or revoke: 403", async () => {
    expect((await list(READ_ONLY_KEY)).body.delegations).toContainEqual(delegation);
    expectProblem(
      await create({ resource: ARN }, READ_ONLY_KEY),
      403,
      "This API key is read-only and cannot POST /v2/registries/delegations",
    );
    expectProblem(
      await harness.call("DELETE", `/v2/registries/delegations/${id}`, { key: READ_ONLY_KEY }),
      403,
      `This API key is read-only and cannot DELETE /v2/registries/delegations/${id}`,
    );
  });

  test("no key is 401", async () => {
    expectProblem(await list(null), 401, "Missing bearer token");
  });

  test("DELETE answers 204, the delegation leaves the list, and a second DELETE is 404", async () => {
    const answer = await harness.call("DELETE", `/v2/registries/delegations/${id}`);
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 204, text: "" });
    expect((await list()).body.delegations).not.toContainEqual(delegation);
    expectProblem(await harness.call("DELETE", `/v2/registries/delegations/${id}`), 404, `Delegation ${id} not found`);
  });
});

describe("paths and methods", () => {
  test.each([
    { method: "GET", path: "/v2/registries/delegations/abc", allow: "DELETE" },
    { method: "PATCH", path: "/v2/registries/delegations/abc", allow: "DELETE" },
    { method: "DELETE", path: "/v2/registries/delegations", allow: "GET, POST, HEAD" },
    { method: "PATCH", path: "/v2/registries/delegations", allow: "GET, POST, HEAD" },
    { method: "PUT", path: "/v2/registries/delegations", allow: "GET, POST, HEAD" },
  ])("$method $path is 405 with Allow: $allow", async ({ method, path, allow }) => {
    const answer = await harness.call(method, path, { body: { resource: ARN } });
    expectProblem(answer, 405, `${method} is not allowed on ${path}`);
    expect(answer.headers.allow).toBe(allow);
  });

  test("the delegation paths and the registry paths do not shadow each other", async () => {
    const registry = (await harness.call("POST", "/v2/registries", { body: { name: "r", username: "u", password: "p" } })).body;
    expect((await harness.call("GET", `/v2/registries/${registry.id}`)).body).toEqual(registry);
    expect(Object.keys((await list()).body)).toEqual(["delegations"]);
    expect((await harness.call("GET", "/v2/registries")).body.registries).toEqual([registry]);
    expectProblem(await harness.call("DELETE", `/v2/registries/delegations/${registry.id}`), 404, `Delegation ${registry.id} not found`);
  });
});

describe("independence from provider code", () => {
  const emulatorDirectory = path.resolve(__dirname, "..", "..", "emulator");
  const providerDirectory = path.resolve(emulatorDirectory, "..", "provider");
  const specifiers = /\b(?:from|import|require)\s*\(?\s*["']([^"']+)["']/g;

  /** Emulator modules, relative to the emulator directory, that import a module of the provider. */
  function modulesImportingProvider(): string[] {
    const modules = readdirSync(emulatorDirectory, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
    return modules.filter((module) => {
      const file = path.join(emulatorDirectory, module);
      return [...readFileSync(file, "utf8").matchAll(specifiers)].some(([, specifier = ""]) =>
        path.resolve(path.dirname(file), specifier).startsWith(providerDirectory + path.sep),
      );
    });
  }

  // The emulator is the oracle the provider is tested against, so a provider bug must not change its answers.
  test("no emulator module imports provider code", () => {
    expect(modulesImportingProvider()).toEqual([]);
  });
});
