import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createRegistry, expectProblem, type Harness, ManualClock, startHarness } from "./harness";

const OTHER_KEY = "other-account-key";
const LISTER_KEY = "lister-account-key";
const clock = new ManualClock();
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    clock: clock.read,
    apiKeys: ["emulator-key", { key: OTHER_KEY, account: "other" }, { key: LISTER_KEY, account: "lister" }],
  });
});
afterAll(() => harness.emulator.close());

function queueBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "echo",
    type: "QUEUE",
    image: "org/worker:1",
    gpu: { pools: ["ADA_24"] },
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    ...overrides,
  };
}

async function create(body: Record<string, unknown>, key?: string): Promise<any> {
  const answer = await harness.call("POST", "/v2/serverless", { body, key });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
}

const invalid = "Request body failed validation";

describe("create", () => {
  test("a GPU queue-based endpoint with the defaults and its job URLs", async () => {
    const endpoint = await create(queueBody());
    const base = `${harness.emulator.url}/v2/${endpoint.id}`;
    expect(endpoint).toEqual({
      id: endpoint.id,
      name: "echo",
      type: "QUEUE",
      requestUrls: {
        run: `${base}/run`,
        runSync: `${base}/runsync`,
        status: `${base}/status/{job_id}`,
        stream: `${base}/stream/{job_id}`,
        cancel: `${base}/cancel/{job_id}`,
        retry: `${base}/retry/{job_id}`,
        purgeQueue: `${base}/purge-queue`,
        health: `${base}/health`,
      },
      image: "org/worker:1",
      args: "",
      disk: 20,
      env: {},
      ports: [],
      registry: null,
      gpu: { pools: ["ADA_24"], count: 1, allowedCudaVersions: [], minCudaVersion: null },
      workers: { min: 0, max: 3, idleTimeout: 10 },
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
      dataCenterIds: [],
      networkVolumes: [],
      timeout: 300000,
      flashboot: "OFF",
      createdAt: new Date(clock.now).toISOString(),
    });
  });

  test("a CPU load-balancing endpoint: gpu null, memory derived, base and health URLs", async () => {
    const endpoint = await create({
      name: "api",
      type: "LOAD_BALANCER",
      image: "org/api:1",
      cpu: [{ id: "cpu3c", vcpuCount: 4 }],
      scaling: { type: "REQUEST_COUNT", requestCount: 8 },
    });
    const base = `${harness.emulator.url}/v2/lb/${endpoint.id}`;
    expect(endpoint.requestUrls).toEqual({ base, health: `${base}/ping` });
    expect(endpoint.gpu).toBeNull();
    expect(endpoint.cpu).toEqual([{ id: "cpu3c", vcpuCount: 4, memory: 8 }]);
    expect(endpoint.workers).toEqual({ min: 0, max: 3, idleTimeout: 10 });
  });

  test("from a serverless template: its settings fill the body, env merged per key, CUDA set seeded", async () => {
    const registry = await createRegistry(harness);
    const template = (
      await harness.call("POST", "/v2/templates", {
        body: {
          name: "worker",
          image: "org/private:3",
          serverless: true,
          registry,
          env: { A: "1", B: "2" },
          allowedCudaVersions: ["12.8"],
        },
      })
    ).body;
    const endpoint = await create(queueBody({ image: undefined, templateId: template.id, env: { B: "body" } }));
    expect(endpoint).toMatchObject({
      image: "org/private:3",
      registry,
      env: { A: "1", B: "body" },
      gpu: { pools: ["ADA_24"], count: 1, allowedCudaVersions: ["12.8"], minCudaVersion: null },
    });
    expectProblem(
      await harness.call("DELETE", `/v2/templates/${template.id}`),
      400,
      `Template ${template.id} is in use by endpoint ${endpoint.id}; delete them first`,
    );
    expect((await harness.call("DELETE", `/v2/serverless/${endpoint.id}`)).status).toBe(204);
    expect((await harness.call("DELETE", `/v2/templates/${template.id}`)).status).toBe(204);
  });

  test("a template that is missing answers 404, a pod template 422", async () => {
    expectProblem(
      await harness.call("POST", "/v2/serverless", { body: queueBody({ templateId: "nope" }) }),
      404,
      "Template nope not found",
    );
    const podTemplate = (await harness.call("POST", "/v2/templates", { body: { name: "pod", image: "org/pod:1" } })).body;
    expectProblem(
      await harness.call("POST", "/v2/serverless", { body: queueBody({ templateId: podTemplate.id }) }),
      422,
      `Template ${podTemplate.id} is not a serverless template; endpoints cannot use it`,
    );
  });

  test.each<[string, Record<string, unknown>, number, string, string[]?]>([
    ["neither compute family", { gpu: undefined }, 400, "Exactly one of gpu or cpu must be set"],
    ["both compute families", { cpu: [{ id: "cpu3c", vcpuCount: 2 }] }, 400, "Exactly one of gpu or cpu must be set"],
    ["no image and no template", { image: undefined }, 422, "image is required unless templateId is set"],
    ["an unknown pool", { gpu: { pools: ["ADA_24", "TPU_9"] } }, 400, 'Unknown GPU pool "TPU_9" in gpu.pools'],
    [
      "an exclusion outside the pools",
      { gpu: { pools: ["ADA_24"], excludedTypes: ["NVIDIA H100 80GB HBM3"] } },
      400,
      'gpu.excludedTypes: "NVIDIA H100 80GB HBM3" is not a GPU type in pools ADA_24',
    ],
    [
      "exclusions that leave no GPU type",
      { gpu: { pools: ["ADA_24"], excludedTypes: ["NVIDIA GeForce RTX 4090"] } },
      400,
      "gpu.excludedTypes leaves no GPU type in the selected pools",
    ],
    [
      "a CUDA set with a floor",
      { gpu: { pools: ["ADA_24"], allowedCudaVersions: ["12.8"], minCudaVersion: "12.4" } },
      400,
      "gpu.allowedCudaVersions and gpu.minCudaVersion are mutually exclusive",
    ],
    [
      "QUEUE_DELAY on a load balancer",
      { type: "LOAD_BALANCER" },
      422,
      "A LOAD_BALANCER endpoint scales on REQUEST_COUNT; scaling.type QUEUE_DELAY is queue-based only",
    ],
    [
      "idleTimeout with QUEUE + REQUEST_COUNT",
      { scaling: { type: "REQUEST_COUNT", requestCount: 2 }, workers: { idleTimeout: 30 } },
      400,
      "workers.idleTimeout does not apply to a queue-based endpoint scaling on REQUEST_COUNT",
    ],
    ["workers.min above max", { workers: { min: 4, max: 2 } }, 400, "workers.min 4 exceeds workers.max 2"],
    ["an unknown network volume", { networkVolumes: ["vol-x"] }, 404, "Network volume vol-x not found"],
    ["an unknown registry", { registry: "reg-x" }, 400, "Registry reg-x does not exist"],
    ["an unknown data center", { dataCenterIds: ["MARS-1"] }, 400, 'Unknown data center "MARS-1" in dataCenterIds'],
    [
      "an unknown CPU flavor",
      { gpu: undefined, cpu: [{ id: "cpu9z", vcpuCount: 2 }] },
      400,
      'Unknown CPU flavor "cpu9z" in cpu[0]; known: cpu3c, cpu3g, cpu5c',
    ],
    [
      "more vCPUs than the flavor has",
      { gpu: undefined, cpu: [{ id: "cpu3c", vcpuCount: 64 }] },
      400,
      'cpu[0].vcpuCount 64 is outside 2..32, the range of "cpu3c"',
    ],
    ["a vCPU count below 2", { gpu: undefined, cpu: [{ id: "cpu3c", vcpuCount: 1 }] }, 400, invalid, ["must be >= 2 at /cpu/0/vcpuCount"]],
    ["an idleTimeout above an hour", { workers: { idleTimeout: 3601 } }, 400, invalid, ["must be <= 3600 at /workers/idleTimeout"]],
    ["no scaling", { scaling: undefined }, 400, invalid, ["missing required property at /scaling"]],
    ["no type", { type: undefined }, 400, invalid, ["missing required property at /type"]],
    [
      "a vCPU count that is no power of two",
      { gpu: undefined, cpu: [{ id: "cpu3c", vcpuCount: 6 }] },
      400,
      invalid,
      ["must be a power of two at /cpu/0/vcpuCount"],
    ],
    [
      "a queue delay below 0.5",
      { scaling: { type: "QUEUE_DELAY", queueDelay: 0.1 } },
      400,
      invalid,
      ["must be >= 0.5 at /scaling/queueDelay"],
    ],
    ["an unknown property", { gpuCount: 2 }, 400, invalid, ["unknown property at /gpuCount"]],
    [
      "a CPU configuration listed twice",
      {
        gpu: undefined,
        cpu: [
          { id: "cpu3c", vcpuCount: 2 },
          { id: "cpu3c", vcpuCount: 2 },
        ],
      },
      400,
      invalid,
      ["must not list a configuration twice at /cpu"],
    ],
    [
      "a GPU type excluded twice",
      { gpu: { pools: ["ADA_24", "AMPERE_80"], excludedTypes: ["NVIDIA L4", " NVIDIA L4"] } },
      400,
      invalid,
      ["must not list a GPU type twice at /gpu/excludedTypes"],
    ],
  ])("refuses %s", async (_, overrides, status, detail, errors) => {
    expectProblem(await harness.call("POST", "/v2/serverless", { body: queueBody(overrides) }), status, detail, errors);
  });

  test("QUEUE with REQUEST_COUNT scaling has no idleTimeout in its answers", async () => {
    const endpoint = await create(queueBody({ scaling: { type: "REQUEST_COUNT", requestCount: 2 } }));
    expect(endpoint.workers).toEqual({ min: 0, max: 3 });
  });
});

describe("change", () => {
  test("PATCH changes in place; a container change adds a release, a scaling change does not", async () => {
    const endpoint = await create(
      queueBody({ name: "patched", gpu: { pools: ["ADA_24", "AMPERE_80"], excludedTypes: ["NVIDIA A100 80GB PCIe"] } }),
    );
    const patched = await harness.call("PATCH", `/v2/serverless/${endpoint.id}`, {
      body: { name: "renamed", workers: { max: 5 }, env: { MODE: "fast" }, gpu: { pools: ["ADA_24"] } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: "renamed",
      workers: { min: 0, max: 5, idleTimeout: 10 },
      env: { MODE: "fast" },
      gpu: { pools: ["ADA_24"], count: 1, allowedCudaVersions: [], minCudaVersion: null },
    });
    expect(patched.body.gpu).not.toHaveProperty("excludedTypes");
    await harness.call("PATCH", `/v2/serverless/${endpoint.id}`, { body: { scaling: { type: "QUEUE_DELAY", queueDelay: 8 } } });
    const releases = (await harness.call("GET", `/v2/serverless/${endpoint.id}/releases`)).body;
    expect(releases.endpointVersion).toBe(2);
    expect(releases.releases.map((release: any) => [release.version, release.diff])).toEqual([
      [2, [{ field: "env", old: {}, new: { MODE: "fast" } }]],
      [1, []],
    ]);
    expect(releases.rollout).toEqual({ inProgress: false, workersOnLatest: 0, workersTotal: 0, percentOnLatest: 0 });
  });

  test.each<[string, Record<string, unknown>, string]>([
    ["gpu on a CPU endpoint", { gpu: { count: 2 } }, "is a CPU endpoint; gpu cannot be set (the compute family never changes)"],
  ])("a CPU endpoint refuses %s", async (_, body, detail) => {
    const endpoint = await create(queueBody({ gpu: undefined, cpu: [{ id: "cpu3c", vcpuCount: 2 }] }));
    expectProblem(await harness.call("PATCH", `/v2/serverless/${endpoint.id}`, { body }), 400, `Endpoint ${endpoint.id} ${detail}`);
  });

  test("type never changes; cpu on a GPU endpoint and exclusions without pools are refused", async () => {
    const endpoint = await create(queueBody());
    const patch = (body: unknown) => harness.call("PATCH", `/v2/serverless/${endpoint.id}`, { body });
    expectProblem(await patch({ type: "LOAD_BALANCER" }), 400, invalid, ["unknown property at /type"]);
    expectProblem(
      await patch({ cpu: [{ id: "cpu3c", vcpuCount: 2 }] }),
      400,
      `Endpoint ${endpoint.id} is a GPU endpoint; cpu cannot be set (the compute family never changes)`,
    );
    expectProblem(
      await patch({ gpu: { excludedTypes: ["NVIDIA GeForce RTX 4090"] } }),
      400,
      "gpu.excludedTypes needs gpu.pools: the two are one selection",
    );
  });

  test("PATCH with a template applies its container settings once, env merged under the body's", async () => {
    const template = (
      await harness.call("POST", "/v2/templates", {
        body: {
          name: "patch-worker",
          image: "org/templated:2",
          args: "serve",
          disk: 30,
          ports: ["8000/http"],
          serverless: true,
          env: { A: "t", B: "t" },
        },
      })
    ).body;
    const endpoint = await create(queueBody({ name: "from-patch", env: { OLD: "1" } }));
    const patched = await harness.call("PATCH", `/v2/serverless/${endpoint.id}`, { body: { templateId: template.id, env: { B: "body" } } });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({
      ...endpoint,
      image: "org/templated:2",
      args: "serve",
      disk: 30,
      ports: ["8000/http"],
      env: { A: "t", B: "body" },
    });
    const releases = (await harness.call("GET", `/v2/serverless/${endpoint.id}/releases`)).body;
    expect(releases.releases[0].diff.map((change: { field: string }) => change.field)).toEqual(["image", "args", "disk", "env", "ports"]);
    expectProblem(
      await harness.call("DELETE", `/v2/templates/${template.id}`),
      400,
      `Template ${template.id} is in use by endpoint ${endpoint.id}; delete them first`,
    );
    expectProblem(
      await harness.call("PATCH", `/v2/serverless/${endpoint.id}`, { body: { templateId: "nope" } }),
      404,
      "Template nope not found",
    );
  });

  test("scaling on REQUEST_COUNT drops idleTimeout from a queue-based endpoint, and refuses one; QUEUE_DELAY brings the default back", async () => {
    const endpoint = await create(queueBody({ name: "rescaled", workers: { idleTimeout: 60 } }));
    const patch = (body: unknown) => harness.call("PATCH", `/v2/serverless/${endpoint.id}`, { body });
    const requestCount = { type: "REQUEST_COUNT", requestCount: 4 };
    expect((await patch({ scaling: requestCount })).body).toMatchObject({ scaling: requestCount, workers: { min: 0, max: 3 } });
    expect((await patch({ name: "still" })).body.workers).toEqual({ min: 0, max: 3 });
    expectProblem(
      await patch({ workers: { idleTimeout: 30 } }),
      400,
      "workers.idleTimeout does not apply to a queue-based endpoint scaling on REQUEST_COUNT",
    );
    expect((await patch({ scaling: { type: "QUEUE_DELAY", queueDelay: 2 } })).body.workers).toEqual({ min: 0, max: 3, idleTimeout: 10 });
  });

  test.each<[string, Record<string, unknown>, number, string, string[]?]>([
    ["workers.min above max", { workers: { min: 4 } }, 400, "workers.min 4 exceeds workers.max 3"],
    [
      "a CUDA floor beside the set",
      { gpu: { allowedCudaVersions: ["12.8"], minCudaVersion: "12.4" } },
      400,
      "gpu.allowedCudaVersions and gpu.minCudaVersion are mutually exclusive",
    ],
    ["an unknown pool", { gpu: { pools: ["TPU_9"] } }, 400, 'Unknown GPU pool "TPU_9" in gpu.pools'],
    ["an unknown network volume", { networkVolumes: ["vol-x"] }, 404, "Network volume vol-x not found"],
    ["an unknown registry", { registry: "reg-x" }, 400, "Registry reg-x does not exist"],
    [
      "both compute families",
      { gpu: { count: 2 }, cpu: [{ id: "cpu3c", vcpuCount: 2 }] },
      400,
      "gpu and cpu cannot both be set; an endpoint's compute family never changes",
    ],
    ["QUEUE_DELAY below 0.5", { scaling: { type: "QUEUE_DELAY", queueDelay: 0 } }, 400, invalid, ["must be >= 0.5 at /scaling/queueDelay"]],
  ])("PATCH refuses %s and changes nothing", async (_, body, status, detail, errors) => {
    const endpoint = await create(queueBody({ name: "unchanged" }));
    expectProblem(await harness.call("PATCH", `/v2/serverless/${endpoint.id}`, { body }), status, detail, errors);
    expect((await harness.call("GET", `/v2/serverless/${endpoint.id}`)).body).toEqual(endpoint);
  });

  test("a load-balancing endpoint keeps scaling on REQUEST_COUNT", async () => {
    const endpoint = await create(queueBody({ name: "lb", type: "LOAD_BALANCER", scaling: { type: "REQUEST_COUNT", requestCount: 8 } }));
    expectProblem(
      await harness.call("PATCH", `/v2/serverless/${endpoint.id}`, { body: { scaling: { type: "QUEUE_DELAY", queueDelay: 4 } } }),
      422,
      "A LOAD_BALANCER endpoint scales on REQUEST_COUNT; scaling.type QUEUE_DELAY is queue-based only",
    );
    const patched = await harness.call("PATCH", `/v2/serverless/${endpoint.id}`, {
      body: { scaling: { type: "REQUEST_COUNT", requestCount: 2 }, workers: { idleTimeout: 90 } },
    });
    expect(patched.body).toEqual({
      ...endpoint,
      scaling: { type: "REQUEST_COUNT", requestCount: 2 },
      workers: { min: 0, max: 3, idleTimeout: 90 },
    });
  });

  test("PATCH sets and clears a CUDA floor; a CPU endpoint takes new CPU configurations without a release", async () => {
    const gpuEndpoint = await create(queueBody({ name: "cuda" }));
    const patchGpu = (gpu: unknown) => harness.call("PATCH", `/v2/serverless/${gpuEndpoint.id}`, { body: { gpu } });
    expect((await patchGpu({ minCudaVersion: "12.4", count: 2 })).body.gpu).toEqual({
      pools: ["ADA_24"],
      count: 2,
      allowedCudaVersions: [],
      minCudaVersion: "12.4",
    });
    expect((await patchGpu({ minCudaVersion: "" })).body.gpu).toEqual({
      pools: ["ADA_24"],
      count: 2,
      allowedCudaVersions: [],
      minCudaVersion: null,
    });

    const cpuEndpoint = await create(queueBody({ name: "cpus", gpu: undefined, cpu: [{ id: "cpu3c", vcpuCount: 2 }] }));
    const patched = await harness.call("PATCH", `/v2/serverless/${cpuEndpoint.id}`, {
      body: {
        cpu: [
          { id: "cpu3g", vcpuCount: 4 },
          { id: "cpu3c", vcpuCount: 16 },
        ],
      },
    });
    expect(patched.body).toEqual({
      ...cpuEndpoint,
      cpu: [
        { id: "cpu3g", vcpuCount: 4, memory: 16 },
        { id: "cpu3c", vcpuCount: 16, memory: 32 },
      ],
    });
    expect((await harness.call("GET", `/v2/serverless/${cpuEndpoint.id}/releases`)).body.endpointVersion).toBe(1);
  });
});

describe("read, delete, ownership", () => {
  test("GET answers what create answered; the list holds the account's endpoints as {endpoints}", async () => {
    const gpu = await create(queueBody({ name: "listed-gpu" }), LISTER_KEY);
    const cpu = await create(queueBody({ name: "listed-cpu", gpu: undefined, cpu: [{ id: "cpu5c", vcpuCount: 8 }] }), LISTER_KEY);
    const get = await harness.call("GET", `/v2/serverless/${gpu.id}`, { key: LISTER_KEY });
    expect([get.status, get.body]).toEqual([200, gpu]);
    const list = await harness.call("GET", "/v2/serverless", { key: LISTER_KEY });
    expect([list.status, list.body]).toEqual([200, { endpoints: [gpu, cpu] }]);
  });

  test("an unknown endpoint answers 404 to GET, PATCH and DELETE", async () => {
    const notFound = "Endpoint ep-missing not found";
    expectProblem(await harness.call("GET", "/v2/serverless/ep-missing"), 404, notFound);
    expectProblem(await harness.call("PATCH", "/v2/serverless/ep-missing", { body: { name: "x" } }), 404, notFound);
    expectProblem(await harness.call("DELETE", "/v2/serverless/ep-missing"), 404, notFound);
  });
  test("DELETE removes the configuration, workers, releases and job history", async () => {
    const endpoint = await create(queueBody({ name: "doomed" }));
    const job = (await harness.call("POST", `/v2/${endpoint.id}/run`, { body: { input: {} } })).body;
    const deleted = await harness.call("DELETE", `/v2/serverless/${endpoint.id}`);
    expect([deleted.status, deleted.text]).toEqual([204, ""]);
    const notFound = `Endpoint ${endpoint.id} not found`;
    for (const path of ["", "/workers", "/releases"]) {
      expectProblem(await harness.call("GET", `/v2/serverless/${endpoint.id}${path}`), 404, notFound);
    }
    expectProblem(await harness.call("DELETE", `/v2/serverless/${endpoint.id}`), 404, notFound);
    expectProblem(await harness.call("GET", `/v2/${endpoint.id}/status/${job.id}`), 404, notFound);
    expect((await harness.call("GET", "/v2/serverless")).body.endpoints.map((e: any) => e.id)).not.toContain(endpoint.id);
  });

  test("another account's endpoint answers 403 and is not listed", async () => {
    const endpoint = await create(queueBody({ name: "private" }));
    const other = { key: OTHER_KEY };
    const foreign = `Endpoint ${endpoint.id} is not accessible with this API key`;
    expectProblem(await harness.call("GET", `/v2/serverless/${endpoint.id}`, other), 403, foreign);
    expectProblem(await harness.call("PATCH", `/v2/serverless/${endpoint.id}`, { ...other, body: { name: "x" } }), 403, foreign);
    expectProblem(await harness.call("DELETE", `/v2/serverless/${endpoint.id}`, other), 403, foreign);
    expect((await harness.call("GET", `/v2/serverless/${endpoint.id}`)).body.name).toBe("private");
    expect((await harness.call("GET", "/v2/serverless", other)).body).toEqual({ endpoints: [] });
  });
});

describe("what an endpoint uses", () => {
  test("its registry credential and network volume cannot be deleted while it exists", async () => {
    const registry = await createRegistry(harness, "endpoint-images");
    const volume = (await harness.call("POST", "/v2/network-volumes", { body: { name: "weights", size: 20, dataCenter: "US-TX-3" } })).body
      .id;
    const endpoint = await create(queueBody({ name: "holder", registry, networkVolumes: [volume] }));
    expectProblem(
      await harness.call("DELETE", `/v2/registries/${registry}`),
      400,
      `Registry ${registry} is in use by endpoint ${endpoint.id}; delete it or move it to another registry first`,
    );
    expectProblem(
      await harness.call("DELETE", `/v2/network-volumes/${volume}`),
      409,
      `Network volume ${volume} is attached to endpoint ${endpoint.id}; detach it or delete them first`,
    );
    expect((await harness.call("DELETE", `/v2/serverless/${endpoint.id}`)).status).toBe(204);
    expect((await harness.call("DELETE", `/v2/registries/${registry}`)).status).toBe(204);
    expect((await harness.call("DELETE", `/v2/network-volumes/${volume}`)).status).toBe(204);
  });
});
