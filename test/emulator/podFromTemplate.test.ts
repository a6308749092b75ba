import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEFAULT_ACCOUNT_SSH_KEY } from "../../emulator/store";
import { cpuPod, expectProblem, gpuPod, type Harness, ManualClock, startHarness } from "./harness";

const OTHER_KEY = "other-account-key";
const clock = new ManualClock();
let harness: Harness;
let registry: string;
/** A GPU pod template that sets every container setting a pod takes from it. */
let template: Record<string, any>;

beforeAll(async () => {
  harness = await startHarness({ clock: clock.read, apiKeys: ["emulator-key", { key: OTHER_KEY, account: "other" }] });
  registry = (await harness.call("POST", "/v2/registries", { body: { name: "ghcr", username: "u", password: "p" } })).body.id;
  template = (
    await harness.call("POST", "/v2/templates", {
      body: {
        name: "trainer",
        image: "org/trainer:1.4",
        args: "--epochs 3",
        disk: 40,
        env: { HF_HOME: "/workspace/hf", MODE: "train" },
        ports: ["8888/http", "22/tcp"],
        registry,
        mounts: { persistent: { size: 50, path: "/workspace" } },
        startSsh: true,
        startJupyter: false,
        allowedCudaVersions: ["12.4"],
      },
    })
  ).body;
});

afterAll(() => harness.emulator.close());

const create = (body: unknown, key?: string) => harness.call("POST", "/v2/pods", { body, key });
const fromTemplate = (overrides: Record<string, unknown> = {}) => gpuPod({ image: undefined, templateId: template.id, ...overrides });
/** The CUDA version the pod's host reports once it has its machine. */
const hostCuda = async (id: string) => {
  clock.advance(1000);
  return (await harness.call("GET", `/v2/pods/${id}`)).body.cudaVersion;
};

describe("a pod created from a template", () => {
  test("takes every container setting the body leaves out, and records the template", async () => {
    const answer = await create(fromTemplate());
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      image: "org/trainer:1.4",
      args: "--epochs 3",
      disk: 40,
      env: { HF_HOME: "/workspace/hf", MODE: "train", PUBLIC_KEY: DEFAULT_ACCOUNT_SSH_KEY },
      ports: ["8888/http", "22/tcp"],
      registry,
      mounts: { persistent: { size: 50, path: "/workspace" } },
      template: template.id,
    });
    expect(await hostCuda(answer.body.id)).toBe("12.4");
  });

  test("keeps every field the body sets; env is merged per key with the body's winning", async () => {
    const answer = await create(
      fromTemplate({
        image: "org/trainer:2",
        args: "",
        disk: 10,
        env: { MODE: "eval", EXTRA: "1" },
        ports: [],
        registry: null,
        mounts: { persistent: { size: 20, path: "/data" } },
        startSsh: false,
        startJupyter: true,
      }),
    );
    expect(answer.body).toMatchObject({
      image: "org/trainer:2",
      args: "",
      disk: 10,
      ports: [],
      registry: null,
      mounts: { persistent: { size: 20, path: "/data" } },
      template: template.id,
    });
    expect(answer.body.env).toEqual({
      HF_HOME: "/workspace/hf",
      MODE: "eval",
      EXTRA: "1",
      JUPYTER_PASSWORD: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
    });
  });

  test.each([
    { case: "allowedCudaVersions", gpu: { allowedCudaVersions: ["12.6"] }, expected: "12.6" },
    { case: "minCudaVersion", gpu: { minCudaVersion: "12.5" }, expected: "12.8" },
    { case: "an empty allowedCudaVersions", gpu: { allowedCudaVersions: [] }, expected: "12.8" },
  ])("the body's $case replaces the template's CUDA constraint", async ({ gpu, expected }) => {
    const answer = await create(fromTemplate({ gpu: { id: "NVIDIA GeForce RTX 4090", ...gpu } }));
    expect(answer.status).toBe(201);
    expect(await hostCuda(answer.body.id)).toBe(expected);
  });

  test("a network mount in the body replaces the template's persistent mount", async () => {
    const volume = (await harness.call("POST", "/v2/network-volumes", { body: { name: "data", size: 10, dataCenter: "US-TX-3" } })).body;
    const answer = await create(fromTemplate({ mounts: { network: [{ volumeId: volume.id, path: "/data" }] } }));
    expect(answer.body.mounts).toEqual({ network: [{ volumeId: volume.id, path: "/data" }] });
  });

  test("an empty network list asks for no mount at all; an empty mounts object takes the template's", async () => {
    expect((await create(fromTemplate({ mounts: { network: [] } }))).body.mounts).toEqual({});
    expect((await create(fromTemplate({ mounts: {} }))).body.mounts).toEqual({
      persistent: { size: 50, path: "/workspace" },
    });
  });

  test("a CPU pod ignores the template's persistent mount and CUDA constraint", async () => {
    const answer = await create(cpuPod({ image: undefined, templateId: template.id }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ image: "org/trainer:1.4", disk: 40, mounts: {}, cudaVersion: null, template: template.id });
    expect(await hostCuda(answer.body.id)).toBeNull();
  });

  test("keeps its settings when the template changes later", async () => {
    const edited = (
      await harness.call("POST", "/v2/templates", { body: { name: "edited", image: "org/a:1", env: { A: "1" }, startJupyter: false } })
    ).body;
    const pod = (await create(fromTemplate({ templateId: edited.id }))).body;
    await harness.call("PATCH", `/v2/templates/${edited.id}`, { body: { image: "org/a:2", env: { B: "2" }, disk: 99 } });
    const again = (await harness.call("GET", `/v2/pods/${pod.id}`)).body;
    expect(again).toMatchObject({ image: "org/a:1", disk: 20, template: edited.id });
    expect(again.env).toEqual({ A: "1", PUBLIC_KEY: DEFAULT_ACCOUNT_SSH_KEY });
  });

  test("may start from a public catalog template", async () => {
    const answer = await create(gpuPod({ image: undefined, templateId: "cp-pytorch-24" }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      image: "computeplatform/pytorch:2.4-cuda12.4",
      disk: 50,
      ports: ["8888/http", "22/tcp"],
      registry: null,
      mounts: { persistent: { size: 20, path: "/workspace" } },
      template: "cp-pytorch-24",
    });
    expect(Object.keys(answer.body.env).sort()).toEqual(["JUPYTER_ENABLE_LAB", "JUPYTER_PASSWORD", "PUBLIC_KEY"]);
  });

  test("may start from another account's public template, without that account's registry", async () => {
    const theirRegistry = (
      await harness.call("POST", "/v2/registries", { body: { name: "r", username: "u", password: "p" }, key: OTHER_KEY })
    ).body.id;
    const theirs = (
      await harness.call("POST", "/v2/templates", {
        body: { name: "shared", image: "them/img:1", registry: theirRegistry, public: true },
        key: OTHER_KEY,
      })
    ).body;
    const answer = await create(gpuPod({ image: undefined, templateId: theirs.id }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ image: "them/img:1", registry: null, template: theirs.id });
  });

  test("a pod made without a template has none", async () => {
    expect((await create(gpuPod())).body.template).toBeNull();
  });
});

describe("a PATCH naming a template", () => {
  test("applies its image, args, disk, ports, env and registry, the body winning, and records it; mounts stay", async () => {
    const { id } = (await create(gpuPod({ name: "plain", env: { OWN: "1" } }))).body;
    const answer = await harness.call("PATCH", `/v2/pods/${id}`, {
      body: { templateId: template.id, args: "--resume", env: { MODE: "eval", PUBLIC_KEY: DEFAULT_ACCOUNT_SSH_KEY } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      image: "org/trainer:1.4",
      args: "--resume",
      disk: 40,
      env: { HF_HOME: "/workspace/hf", MODE: "eval", PUBLIC_KEY: DEFAULT_ACCOUNT_SSH_KEY },
      ports: ["8888/http", "22/tcp"],
      registry,
      mounts: {},
      template: template.id,
    });
    // The env of the PATCH replaces the pod's: a key in neither the template nor the body is gone.
    expect("OWN" in answer.body.env).toBe(false);
  });

  test("is refused like a create naming it: 404 unknown, 422 serverless, and nothing changes", async () => {
    const { id } = (await create(gpuPod({ name: "unchanged" }))).body;
    expectProblem(
      await harness.call("PATCH", `/v2/pods/${id}`, { body: { templateId: "nosuchtpl1", name: "x" } }),
      404,
      "Template nosuchtpl1 not found",
    );
    expectProblem(
      await harness.call("PATCH", `/v2/pods/${id}`, { body: { templateId: "cp-vllm-worker" } }),
      422,
      "Template cp-vllm-worker is a serverless template; pods cannot use it",
    );
    expect((await harness.call("GET", `/v2/pods/${id}`)).body).toMatchObject({
      name: "unchanged",
      image: "org/trainer:1.2",
      template: null,
    });
  });
});

describe("refusals", () => {
  test("an unknown template is 404", async () => {
    expectProblem(await create(fromTemplate({ templateId: "nosuchtpl1" })), 404, "Template nosuchtpl1 not found");
  });

  test("another account's private template is 404, as if it did not exist", async () => {
    const theirs = (await harness.call("POST", "/v2/templates", { body: { name: "p", image: "them/p:1" }, key: OTHER_KEY })).body;
    expectProblem(await create(fromTemplate({ templateId: theirs.id })), 404, `Template ${theirs.id} not found`);
  });

  test("a serverless template is 422, a catalog one or an own one", async () => {
    const own = (await harness.call("POST", "/v2/templates", { body: { name: "worker", image: "org/w:1", serverless: true } })).body.id;
    for (const id of ["cp-vllm-worker", own]) {
      expectProblem(await create(fromTemplate({ templateId: id })), 422, `Template ${id} is a serverless template; pods cannot use it`);
    }
  });

  test.each([
    { case: "no image and no templateId", body: () => gpuPod({ image: undefined }), errors: ["missing required property at /image"] },
    { case: "an empty templateId", body: () => fromTemplate({ templateId: "" }), errors: ["must not be empty at /templateId"] },
    { case: "a templateId that is no string", body: () => fromTemplate({ templateId: 7 }), errors: ["expected string at /templateId"] },
    {
      case: "an invalid field beside a templateId",
      body: () => fromTemplate({ disk: 0, bogus: true }),
      errors: ["must be >= 1 at /disk", "unknown property at /bogus"],
    },
  ])("$case is 400", async ({ body, errors }) => {
    expectProblem(await create(body()), 400, "Request body failed validation", errors);
  });
});

describe("a pod's registry", () => {
  test("must be one of the caller's registries at create: 400 when unknown, 403 when another account's", async () => {
    const foreign = (await harness.call("POST", "/v2/registries", { body: { name: "r", username: "u", password: "p" }, key: OTHER_KEY }))
      .body.id;
    expect((await create(gpuPod({ registry }))).body.registry).toBe(registry);
    expectProblem(await create(gpuPod({ registry: "nosuchreg1" })), 400, "Registry nosuchreg1 does not exist");
    expectProblem(await create(gpuPod({ registry: foreign })), 403, `Registry ${foreign} is not accessible with this API key`);
    expectProblem(await create(fromTemplate({ registry: foreign })), 403, `Registry ${foreign} is not accessible with this API key`);
  });

  test("is checked the same way by PATCH, which then changes nothing", async () => {
    const foreign = (await harness.call("POST", "/v2/registries", { body: { name: "r", username: "u", password: "p" }, key: OTHER_KEY }))
      .body.id;
    const pod = (await create(gpuPod())).body;
    const patch = (body: unknown) => harness.call("PATCH", `/v2/pods/${pod.id}`, { body });
    expectProblem(await patch({ name: "x", registry: "nosuchreg1" }), 400, "Registry nosuchreg1 does not exist");
    expectProblem(await patch({ name: "x", registry: foreign }), 403, `Registry ${foreign} is not accessible with this API key`);
    expect((await harness.call("GET", `/v2/pods/${pod.id}`)).body).toMatchObject({ name: "trainer", registry: null });
    expect((await patch({ registry })).body.registry).toBe(registry);
    expect((await patch({ registry: null })).body.registry).toBeNull();
  });
});
