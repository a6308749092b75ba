import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectProblem, gpuPod, type Harness, startHarness } from "./harness";

const OTHER_KEY = "other-account-key";
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ apiKeys: ["emulator-key", { key: OTHER_KEY, account: "other" }] });
});

afterAll(() => harness.emulator.close());

const create = (body: unknown, key?: string) => harness.call("POST", "/v2/templates", { body, key });
const get = (id: string, key?: string) => harness.call("GET", `/v2/templates/${id}`, { key });
const patch = (id: string, body: unknown, key?: string) => harness.call("PATCH", `/v2/templates/${id}`, { body, key });
const remove = (id: string, key?: string) => harness.call("DELETE", `/v2/templates/${id}`, { key });
const catalog = (query = "", key?: string) => harness.call("GET", `/v2/catalog/templates${query}`, { key });
const newRegistry = async (key?: string): Promise<string> =>
  (await harness.call("POST", "/v2/registries", { body: { name: "ghcr", username: "u", password: "p" }, key })).body.id;

const minimal = { name: "trainer", image: "org/trainer:1.2" };

const full = {
  name: "full",
  image: "org/full:2",
  args: "--epochs 3",
  disk: 40,
  env: { HF_HOME: "/workspace/hf" },
  ports: ["8888/http", "22/tcp"],
  mounts: { persistent: { size: 50, path: "/workspace" } },
  public: true,
  serverless: false,
  category: "AMD",
  startSsh: false,
  startJupyter: false,
  allowedCudaVersions: ["12.4", "12.6"],
};

describe("create", () => {
  test("answers 201 with every field, defaults filled in", async () => {
    const answer = await create(minimal);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{10}$/),
      name: "trainer",
      image: "org/trainer:1.2",
      args: "",
      disk: 20,
      env: {},
      ports: [],
      registry: null,
      mounts: {},
      public: false,
      serverless: false,
      category: "NVIDIA",
      startSsh: true,
      startJupyter: true,
      allowedCudaVersions: [],
    });
  });

  test("keeps every given field", async () => {
    const answer = await create(full);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: answer.body.id, registry: null, ...full });
  });

  test.each([
    {
      case: "missing name and image",
      body: {},
      errors: ["missing required property at /name", "missing required property at /image"],
    },
    { case: "an empty name", body: { ...minimal, name: "" }, errors: ["must not be empty at /name"] },
    { case: "disk 0", body: { ...minimal, disk: 0 }, errors: ["must be >= 1 at /disk"] },
    { case: "a fractional disk", body: { ...minimal, disk: 1.5 }, errors: ["expected integer at /disk"] },
    {
      case: "a port without protocol",
      body: { ...minimal, ports: ["8888"] },
      errors: ["must be PORT/http or PORT/tcp at /ports/0"],
    },
    {
      case: "port 0",
      body: { ...minimal, ports: ["0/tcp"] },
      errors: ["port number must be between 1 and 65535 at /ports/0"],
    },
    { case: "an env value that is no string", body: { ...minimal, env: { A: 1 } }, errors: ["expected string at /env/A"] },
    {
      case: "an unknown category",
      body: { ...minimal, category: "TPU" },
      errors: ["must be one of CPU, NVIDIA, AMD at /category"],
    },
    {
      case: "a malformed CUDA version",
      body: { ...minimal, allowedCudaVersions: ["12"] },
      errors: ["must be a CUDA version like 12.4 at /allowedCudaVersions/0"],
    },
    {
      case: "a persistent mount below 10 GB",
      body: { ...minimal, mounts: { persistent: { size: 9, path: "/w" } } },
      errors: ["must be >= 10 at /mounts/persistent/size"],
    },
    { case: "a registry that is a number", body: { ...minimal, registry: 7 }, errors: ["expected string at /registry"] },
    {
      case: "the v1 field names",
      body: { name: "t", imageName: "org/x:1", containerDiskInGb: 20, isPublic: false },
      errors: [
        "missing required property at /image",
        "unknown property at /imageName",
        "unknown property at /containerDiskInGb",
        "unknown property at /isPublic",
      ],
    },
    { case: "a field only pods have", body: { ...minimal, gpu: { id: "NVIDIA L40S" } }, errors: ["unknown property at /gpu"] },
  ])("$case is 400", async ({ body, errors }) => {
    expectProblem(await create(body), 400, "Request body failed validation", errors);
  });

  test("a persistent mount without its path is 422", async () => {
    expectProblem(await create({ ...minimal, mounts: { persistent: { size: 20 } } }), 422, "Incomplete mount entry", [
      "missing required property at /mounts/persistent/path",
    ]);
  });

  test("a network mount is 422: templates mount only persistent storage", async () => {
    const body = { ...minimal, mounts: { network: [{ volumeId: "v", path: "/data" }] } };
    expectProblem(await create(body), 422, "Templates mount only persistent storage; mounts.network is not allowed on a template");
  });

  test("names one of the caller's registries: 400 when it does not exist, 403 when another account owns it", async () => {
    const own = await newRegistry();
    const foreign = await newRegistry(OTHER_KEY);
    expect((await create({ ...minimal, registry: own })).body.registry).toBe(own);
    expectProblem(await create({ ...minimal, registry: "nosuchreg1" }), 400, "Registry nosuchreg1 does not exist");
    expectProblem(await create({ ...minimal, registry: foreign }), 403, `Registry ${foreign} is not accessible with this API key`);
  });
});

describe("list", () => {
  test("lists the caller's own templates only, public or not", async () => {
    const isolated = await startHarness({ apiKeys: ["emulator-key", { key: OTHER_KEY, account: "other" }] });
    try {
      const mine = (await isolated.call("POST", "/v2/templates", { body: minimal })).body;
      const minePublic = (await isolated.call("POST", "/v2/templates", { body: full })).body;
      await isolated.call("POST", "/v2/templates", { body: { ...full, name: "theirs" }, key: OTHER_KEY });
      const answer = await isolated.call("GET", "/v2/templates");
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ templates: [mine, minePublic] });
    } finally {
      await isolated.emulator.close();
    }
  });
});

describe("read", () => {
  test("reads the caller's own template with its registry", async () => {
    const registry = await newRegistry();
    const created = (await create({ ...minimal, registry })).body;
    const answer = await get(created.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(created);
  });

  test("reads a catalog template", async () => {
    const answer = await get("cp-pytorch-24");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: "cp-pytorch-24", public: true, registry: null });
  });

  test("reads another account's public template without its registry", async () => {
    const registry = await newRegistry(OTHER_KEY);
    const theirs = (await create({ ...full, registry }, OTHER_KEY)).body;
    expect((await get(theirs.id)).body).toEqual({ ...theirs, registry: null });
    expect((await get(theirs.id, OTHER_KEY)).body.registry).toBe(registry);
  });

  test("another account's private template is 403, an unknown id 404", async () => {
    const theirs = (await create(minimal, OTHER_KEY)).body;
    expectProblem(await get(theirs.id), 403, `Template ${theirs.id} is not accessible with this API key`);
    expectProblem(await get("nosuchtpl1"), 404, "Template nosuchtpl1 not found");
  });
});

describe("update", () => {
  test("changes only the fields the body names and answers the whole template", async () => {
    const created = (await create(full)).body;
    const answer = await patch(created.id, { name: "renamed", disk: 80, env: { A: "1" }, allowedCudaVersions: ["12.8"] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...created, name: "renamed", disk: 80, env: { A: "1" }, allowedCudaVersions: ["12.8"] });
    expect((await get(created.id)).body).toEqual(answer.body);
  });

  test("changes every field the create sets", async () => {
    const created = (await create(minimal)).body;
    const registry = await newRegistry();
    const { name: _name, ...changes } = { ...full, registry, public: false, serverless: true, category: "CPU" };
    const answer = await patch(created.id, changes);
    expect(answer.body).toEqual({ ...created, ...changes });
  });

  test("an empty body changes nothing", async () => {
    const created = (await create(full)).body;
    expect((await patch(created.id, {})).body).toEqual(created);
  });

  test.each([
    { case: "omitted", body: { name: "x" } },
    { case: "an empty object", body: { name: "x", mounts: {} } },
  ])("mounts $case leaves the mount unchanged", async ({ body }) => {
    const created = (await create(full)).body;
    expect((await patch(created.id, body)).body.mounts).toEqual({ persistent: { size: 50, path: "/workspace" } });
  });

  test("a persistent mount is added, resized or moved in place", async () => {
    const created = (await create(minimal)).body;
    expect((await patch(created.id, { mounts: { persistent: { size: 30, path: "/data" } } })).body.mounts).toEqual({
      persistent: { size: 30, path: "/data" },
    });
    expect((await patch(created.id, { mounts: { persistent: { size: 10, path: "/w" } } })).body.mounts).toEqual({
      persistent: { size: 10, path: "/w" },
    });
  });

  test("an empty allowedCudaVersions clears the constraint; a null registry clears the credential", async () => {
    const registry = await newRegistry();
    const created = (await create({ ...full, registry })).body;
    expect((await patch(created.id, { allowedCudaVersions: [], registry: null })).body).toMatchObject({
      allowedCudaVersions: [],
      registry: null,
    });
  });

  test.each([
    { case: "an unknown property", body: { imageName: "x" }, errors: ["unknown property at /imageName"] },
    { case: "an empty name", body: { name: "" }, errors: ["must not be empty at /name"] },
    { case: "disk 0", body: { disk: 0 }, errors: ["must be >= 1 at /disk"] },
    {
      case: "a persistent mount below 10 GB",
      body: { mounts: { persistent: { size: 5, path: "/w" } } },
      errors: ["must be >= 10 at /mounts/persistent/size"],
    },
  ])("$case is 400", async ({ body, errors }) => {
    const created = (await create(minimal)).body;
    expectProblem(await patch(created.id, body), 400, "Request body failed validation", errors);
  });

  test("a network mount is 422", async () => {
    const created = (await create(minimal)).body;
    expectProblem(
      await patch(created.id, { mounts: { network: [{ volumeId: "v", path: "/d" }] } }),
      422,
      "Templates mount only persistent storage; mounts.network is not allowed on a template",
    );
  });

  test("a registry is checked as on create", async () => {
    const created = (await create(minimal)).body;
    const foreign = await newRegistry(OTHER_KEY);
    expectProblem(await patch(created.id, { registry: "nosuchreg1" }), 400, "Registry nosuchreg1 does not exist");
    expectProblem(await patch(created.id, { registry: foreign }), 403, `Registry ${foreign} is not accessible with this API key`);
    expect((await get(created.id)).body.registry).toBeNull();
  });

  test("a catalog template and another account's public one are 404, another account's private one 403", async () => {
    const theirPublic = (await create(full, OTHER_KEY)).body;
    const theirPrivate = (await create(minimal, OTHER_KEY)).body;
    expectProblem(await patch("cp-pytorch-24", { name: "mine now" }), 404, "Template cp-pytorch-24 not found");
    expectProblem(await patch(theirPublic.id, { name: "mine now" }), 404, `Template ${theirPublic.id} not found`);
    expectProblem(
      await patch(theirPrivate.id, { name: "mine now" }),
      403,
      `Template ${theirPrivate.id} is not accessible with this API key`,
    );
    expect((await get(theirPublic.id, OTHER_KEY)).body.name).toBe("full");
    expect((await get(theirPrivate.id, OTHER_KEY)).body.name).toBe("trainer");
  });
});

describe("delete", () => {
  test("answers 204, then the template is gone", async () => {
    const created = (await create(minimal)).body;
    const answer = await remove(created.id);
    expect([answer.status, answer.text]).toEqual([204, ""]);
    expectProblem(await get(created.id), 404, `Template ${created.id} not found`);
    expectProblem(await remove(created.id), 404, `Template ${created.id} not found`);
  });

  test("a catalog template and another account's public one are 404, another account's private one 403", async () => {
    const theirPublic = (await create(full, OTHER_KEY)).body;
    const theirPrivate = (await create(minimal, OTHER_KEY)).body;
    expectProblem(await remove("cp-pytorch-24"), 404, "Template cp-pytorch-24 not found");
    expectProblem(await remove(theirPublic.id), 404, `Template ${theirPublic.id} not found`);
    expectProblem(await remove(theirPrivate.id), 403, `Template ${theirPrivate.id} is not accessible with this API key`);
    expect((await get(theirPublic.id, OTHER_KEY)).status).toBe(200);
    expect((await get(theirPrivate.id, OTHER_KEY)).status).toBe(200);
  });

  test("is 400 naming the pods made from it while they exist, 204 once they are deleted", async () => {
    const template = (await create(minimal)).body;
    const first = (await harness.call("POST", "/v2/pods", { body: gpuPod({ image: undefined, templateId: template.id }) })).body;
    expectProblem(await remove(template.id), 400, `Template ${template.id} is in use by pod ${first.id}; delete them first`);
    const second = (await harness.call("POST", "/v2/pods", { body: gpuPod({ templateId: template.id }) })).body;
    expectProblem(await remove(template.id), 400, `Template ${template.id} is in use by pods ${first.id}, ${second.id}; delete them first`);
    await harness.call("DELETE", `/v2/pods/${first.id}`);
    await harness.call("DELETE", `/v2/pods/${second.id}`);
    expect((await remove(template.id)).status).toBe(204);
  });

  test("endpoints hold the serverless template they were created or last patched from, other accounts' counted", async () => {
    const serverless = { ...full, mounts: undefined, serverless: true };
    const template = (await create(serverless)).body;
    const endpointFrom = async (templateId: string, key?: string): Promise<string> => {
      const body = { name: "ep", type: "QUEUE", templateId, gpu: { pools: ["ADA_24"] }, scaling: { type: "QUEUE_DELAY", queueDelay: 4 } };
      return (await harness.call("POST", "/v2/serverless", { body, key })).body.id;
    };
    const mine = await endpointFrom(template.id);
    const theirs = await endpointFrom(template.id, OTHER_KEY);
    expectProblem(
      await remove(template.id),
      400,
      `Template ${template.id} is in use by endpoint ${mine} and 1 endpoint of another account; it can be deleted once they are gone`,
    );
    await harness.call("DELETE", `/v2/serverless/${theirs}`, { key: OTHER_KEY });
    expectProblem(await remove(template.id), 400, `Template ${template.id} is in use by endpoint ${mine}; delete them first`);
    const next = (await create(serverless)).body;
    await harness.call("PATCH", `/v2/serverless/${mine}`, { body: { templateId: next.id } });
    expect((await remove(template.id)).status).toBe(204);
    expectProblem(await remove(next.id), 400, `Template ${next.id} is in use by endpoint ${mine}; delete them first`);
  });

  test("pods of other accounts made from a public template hold it too, counted but not named", async () => {
    const template = (await create(full)).body;
    const podOf = async (key?: string): Promise<string> =>
      (await harness.call("POST", "/v2/pods", { body: gpuPod({ templateId: template.id }), key })).body.id;
    const theirFirst = await podOf(OTHER_KEY);
    const theirSecond = await podOf(OTHER_KEY);
    const removeTheirs = (id: string) => harness.call("DELETE", `/v2/pods/${id}`, { key: OTHER_KEY });
    const inUse = (users: string) => `Template ${template.id} is in use by ${users}; it can be deleted once they are gone`;
    expectProblem(await remove(template.id), 400, inUse("2 pods of other accounts"));
    const mine = await podOf();
    expectProblem(await remove(template.id), 400, inUse(`pod ${mine} and 2 pods of other accounts`));
    await removeTheirs(theirFirst);
    expectProblem(await remove(template.id), 400, inUse(`pod ${mine} and 1 pod of another account`));
    await harness.call("DELETE", `/v2/pods/${mine}`);
    expectProblem(await remove(template.id), 400, inUse("1 pod of another account"));
    await removeTheirs(theirSecond);
    expect((await remove(template.id)).status).toBe(204);
  });
});

describe("public catalog", () => {
  const shape = {
    id: expect.stringMatching(/^cp-[a-z0-9-]+$/),
    name: expect.any(String),
    image: expect.any(String),
    args: expect.any(String),
    disk: expect.any(Number),
    env: expect.any(Object),
    ports: expect.any(Array),
    registry: null,
    mounts: expect.any(Object),
    public: true,
    serverless: expect.any(Boolean),
    category: expect.stringMatching(/^(CPU|NVIDIA|AMD)$/),
    startSsh: expect.any(Boolean),
    startJupyter: expect.any(Boolean),
    allowedCudaVersions: expect.any(Array),
  };

  test.each([
    { query: "", ids: ["cp-pytorch-24", "cp-ubuntu-2404", "cp-rocm-pytorch-24", "cp-vllm-worker"] },
    { query: "?source=official", ids: ["cp-pytorch-24", "cp-ubuntu-2404", "cp-rocm-pytorch-24", "cp-vllm-worker"] },
    { query: "?source=verified", ids: ["cp-comfyui", "cp-textgen-webui"] },
  ])("GET /v2/catalog/templates$query lists that slice", async ({ query, ids }) => {
    const answer = await catalog(query);
    expect(answer.status).toBe(200);
    expect(answer.body.templates.map((t: { id: string }) => t.id)).toEqual(ids);
    for (const template of answer.body.templates) expect(template).toEqual(shape);
  });

  test("holds pod and serverless templates", async () => {
    const { templates } = (await catalog()).body;
    expect(templates.find((t: { id: string }) => t.id === "cp-vllm-worker").serverless).toBe(true);
    expect(templates.find((t: { id: string }) => t.id === "cp-pytorch-24").serverless).toBe(false);
  });

  test("community also lists what other accounts made public, without registry; never the caller's own", async () => {
    const isolated = await startHarness({ apiKeys: ["emulator-key", { key: OTHER_KEY, account: "other" }] });
    try {
      const registry = (
        await isolated.call("POST", "/v2/registries", { body: { name: "r", username: "u", password: "p" }, key: OTHER_KEY })
      ).body.id;
      const shared = (await isolated.call("POST", "/v2/templates", { body: { ...full, registry }, key: OTHER_KEY })).body;
      await isolated.call("POST", "/v2/templates", { body: minimal, key: OTHER_KEY });
      await isolated.call("POST", "/v2/templates", { body: { ...full, name: "mine" } });
      const answer = await isolated.call("GET", "/v2/catalog/templates?source=community");
      expect(answer.body.templates.map((t: { id: string }) => t.id)).toEqual(["cp-jax-notebook", "cp-whisper-worker", shared.id]);
      expect(answer.body.templates[2]).toEqual({ ...shared, registry: null });
    } finally {
      await isolated.emulator.close();
    }
  });

  test("lists at most 100 templates", async () => {
    const isolated = await startHarness({ apiKeys: ["emulator-key", { key: OTHER_KEY, account: "other" }] });
    try {
      for (let i = 0; i < 100; i++) {
        await isolated.call("POST", "/v2/templates", { body: { ...minimal, name: `shared-${i}`, public: true }, key: OTHER_KEY });
      }
      const { templates } = (await isolated.call("GET", "/v2/catalog/templates?source=community")).body;
      expect(templates).toHaveLength(100);
      expect(templates.at(-1).name).toBe("shared-97");
    } finally {
      await isolated.emulator.close();
    }
  });

  test("an unknown source is 400", async () => {
    expectProblem(await catalog("?source=mine"), 400, "Query parameters failed validation", [
      "must be one of official, verified, community at /source",
    ]);
  });

  test("is read-only: POST is 405", async () => {
    const answer = await harness.call("POST", "/v2/catalog/templates", { body: minimal });
    expectProblem(answer, 405, "POST is not allowed on /v2/catalog/templates");
    expect(answer.headers.allow).toBe("GET, HEAD");
  });
});
