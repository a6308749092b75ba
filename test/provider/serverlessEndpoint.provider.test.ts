// The ServerlessEndpoint provider against the real emulator over HTTP, called as the engine calls it.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Emulator } from "../../emulator";
import { UNKNOWN } from "../../provider/values/unknown";
import * as endpoint from "../../provider/resources/serverlessEndpoint.provider";
import type { ServerlessEndpointOutputs } from "../../provider/resources/serverlessEndpoint/declaration";
import type { EndpointGpuInputs, ServerlessEndpointInputs } from "../../provider/resources/serverlessEndpoint/inputs";
import { sharedClient } from "../../provider/sharedClient";
import { estimate, standingPart } from "./expectedCosts";
import { apiGet, apiRequest, emulatorForProvider, passedCheck, rejection, writes } from "./providerHarness";

let emulator: Emulator;
/** The GPU type a worker of the pool ADA_24 is placed on (the catalog's first in it), and its serverless price. */
let ada24: { id: string; price: { serverless: number } };

beforeAll(async () => {
  emulator = await emulatorForProvider();
  const { gpus } = (await apiGet(emulator, "/v2/catalog/gpus")) as {
    gpus: { id: string; pool: string | null; price: { serverless: number } }[];
  };
  ada24 = gpus.find((gpu) => gpu.pool === "ADA_24")!;
});
afterAll(async () => emulator.close());
beforeEach(() => emulator.resetRequests());

const args = (overrides: Partial<ServerlessEndpointInputs> = {}): ServerlessEndpointInputs => ({
  name: "echo",
  type: "QUEUE",
  image: "org/echo:1",
  gpu: { pools: ["ADA_24"] },
  scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
  ...overrides,
});
const checked = (inputs: ServerlessEndpointInputs) => passedCheck(endpoint.check, inputs);
const api = (method: string, path: string, body?: unknown) => apiRequest(emulator, method, path, body);

describe("check", () => {
  it("applies every documented default", async () => {
    expect(await checked(args())).toEqual({
      ...args(),
      args: "",
      disk: 20,
      ports: [],
      registry: null,
      env: {},
      gpu: { pools: ["ADA_24"], count: 1 },
      workers: { min: 0, max: 3, idleTimeout: 10 },
      dataCenterIds: [],
      networkVolumes: [],
      timeout: 300000,
      flashboot: "OFF",
      // No standing worker: the workers requests scale up are priced by use, per worker-second.
      ...estimate(
        standingPart(
          `Standing workers' GPUs (${ada24.id}, serverless)`,
          "GPU-hours",
          0,
          ada24.price.serverless,
          `catalog: ${ada24.id} serverless price (pool ADA_24)`,
        ),
        {
          name: "Workers scaled up by requests",
          unit: "worker-seconds",
          hourlyQuantity: 0,
          price: ada24.price.serverless / 3600,
          hourlyCost: 0,
          usageBased: true,
          priceNotFound: false,
          source: `catalog: ${ada24.id} serverless price (pool ADA_24)`,
        },
      ),
    });
  });

  it("trims excluded GPU types as the API does, so they never show as drift", async () => {
    const inputs = await checked(args({ gpu: { pools: ["ADA_24"], excludedTypes: [" NVIDIA L4 "] } }));
    expect(inputs.gpu).toEqual({ pools: ["ADA_24"], excludedTypes: ["NVIDIA L4"], count: 1 });
  });

  it("leaves the container settings a template supplies unset", async () => {
    const inputs = await checked(args({ image: undefined, templateId: "tpl" }));
    expect([inputs.image, inputs.args, inputs.disk, inputs.ports, inputs.registry]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it.each<[string, Partial<ServerlessEndpointInputs>, string, string]>([
    ["no image and no template", { image: undefined }, "image", "required unless templateId is set"],
    ["neither gpu nor cpu", { gpu: undefined }, "gpu", "exactly one of gpu and cpu is required"],
    ["both gpu and cpu", { cpu: [{ id: "cpu3c", vcpuCount: 2 }] }, "cpu", "exactly one of gpu and cpu is required"],
    ["QUEUE_DELAY on a load balancer", { type: "LOAD_BALANCER" }, "scaling.type", "a LOAD_BALANCER endpoint scales on REQUEST_COUNT"],
    [
      "idleTimeout with QUEUE + REQUEST_COUNT",
      { scaling: { type: "REQUEST_COUNT", requestCount: 2 }, workers: { idleTimeout: 5 } },
      "workers.idleTimeout",
      "does not apply to a QUEUE endpoint scaling on REQUEST_COUNT",
    ],
    ["min above max", { workers: { min: 5, max: 2 } }, "workers.min", "must not exceed workers.max (2)"],
    [
      "a CUDA set with a floor",
      { gpu: { pools: ["ADA_24"], allowedCudaVersions: ["12.8"], minCudaVersion: "12.4" } },
      "gpu.minCudaVersion",
      "cannot be set with a non-empty gpu.allowedCudaVersions",
    ],
    ["no pools", { gpu: { pools: [] } }, "gpu.pools", "Too small: expected array to have >=1 items"],
    ["3 vCPUs", { gpu: undefined, cpu: [{ id: "cpu3c", vcpuCount: 3 }] }, "cpu[0].vcpuCount", "must be a power of two (2, 4, 8, ...)"],
    [
      "an idle timeout of an hour and more",
      { workers: { idleTimeout: 3601 } },
      "workers.idleTimeout",
      "Too big: expected number to be <=3600",
    ],
    [
      "a queue delay below 0.5",
      { scaling: { type: "QUEUE_DELAY", queueDelay: 0.2 } },
      "scaling.queueDelay",
      "Too small: expected number to be >=0.5",
    ],
    [
      "a CPU configuration listed twice",
      {
        gpu: undefined,
        cpu: [
          { id: "cpu3c", vcpuCount: 2 },
          { id: "cpu3c", vcpuCount: 4 },
          { id: "cpu3c", vcpuCount: 2 },
        ],
      },
      "cpu[2]",
      "duplicates cpu[0]",
    ],
    [
      "a GPU type excluded twice",
      { gpu: { pools: ["ADA_24"], excludedTypes: ["NVIDIA L4", " NVIDIA L4"] } },
      "gpu.excludedTypes[1]",
      "duplicates gpu.excludedTypes[0]",
    ],
    ["an unknown property", { workersMax: 3 } as Partial<ServerlessEndpointInputs>, "workersMax", "unknown property"],
  ])("names the property for %s, before any API call", async (_, overrides, property, reason) => {
    expect(await endpoint.check({}, args(overrides))).toEqual({ failures: [{ property, reason }] });
    expect(emulator.requests).toEqual([]);
  });

  it.each<[string, Partial<ServerlessEndpointInputs>]>([
    ["gpu", { gpu: UNKNOWN as never }],
    ["workers", { workers: UNKNOWN as never }],
  ])("keeps a whole %s unknown at preview unknown, so the diff reports a change", async (field, overrides) => {
    const recorded = { ...(await checked(args())), gpu: { pools: ["ADA_24"], count: 1, allowedCudaVersions: [], minCudaVersion: null } };
    const news = await checked(args(overrides));
    expect(news[field as keyof ServerlessEndpointInputs]).toBe(UNKNOWN);
    const olds = { ...recorded, requestUrls: {}, createdAt: "2026-11-24T00:00:00.000Z", inheritedEnvKeys: [] } as ServerlessEndpointOutputs;
    expect(await endpoint.diff("e1", olds, news)).toEqual({ changes: true, replaces: [] });
  });
});

describe("with a queue-based GPU endpoint", () => {
  let id: string;
  let outs: ServerlessEndpointOutputs;

  beforeAll(async () => {
    const created = await endpoint.create(await checked(args({ env: { MODE: "a" } })));
    id = created.id;
    outs = created.outs!;
  });
  afterAll(async () => endpoint.delete(id));

  it("create returns the endpoint with its job URLs", async () => {
    expect(outs.requestUrls.runSync).toBe(`${emulator.url}/v2/${id}/runsync`);
    expect(outs.gpu).toEqual({ pools: ["ADA_24"], count: 1, allowedCudaVersions: [], minCudaVersion: null });
    expect(outs.inheritedEnvKeys).toEqual([]);
  });

  it("an in-place update is one PATCH of exactly the changed fields", async () => {
    const news = await checked(
      args({ env: { MODE: "b" }, workers: { max: 5 }, gpu: { pools: ["ADA_24", "AMPERE_80"], excludedTypes: ["NVIDIA A100 80GB PCIe"] } }),
    );
    expect(await endpoint.diff(id, outs, news)).toEqual({ changes: true, replaces: [] });
    const update = vi.spyOn(sharedClient().serverless, "update");
    emulator.resetRequests();
    const { outs: updated } = await endpoint.update(id, outs, news);
    expect(writes(emulator)).toEqual([`PATCH /v2/serverless/${id}`]);
    expect(update.mock.calls).toEqual([
      [
        id,
        {
          env: { MODE: "b" },
          workers: { min: 0, max: 5, idleTimeout: 10 },
          gpu: { pools: ["ADA_24", "AMPERE_80"], excludedTypes: ["NVIDIA A100 80GB PCIe"] },
        },
      ],
    ]);
    update.mockRestore();
    expect(updated).toMatchObject({
      env: { MODE: "b" },
      workers: { min: 0, max: 5, idleTimeout: 10 },
      gpu: { pools: ["ADA_24", "AMPERE_80"], excludedTypes: ["NVIDIA A100 80GB PCIe"], count: 1 },
    });
    expect(await endpoint.diff(id, updated!, news)).toEqual({ changes: false, replaces: [] });
    outs = updated!;
  });

  it.each<[string, Partial<ServerlessEndpointInputs>, string]>([
    ["type", { type: "LOAD_BALANCER", scaling: { type: "REQUEST_COUNT", requestCount: 2 } }, "type"],
    ["the compute family", { gpu: undefined, cpu: [{ id: "cpu3c", vcpuCount: 2 }] }, "cpu"],
  ])("a change of %s replaces the endpoint", async (_, overrides, replaced) => {
    const result = await endpoint.diff(id, outs, await checked(args(overrides)));
    expect(result).toEqual({ changes: true, replaces: [replaced] });
  });

  it("workers, releases and worker logs are readable through the client", async () => {
    const client = sharedClient().serverless;
    expect((await client.workers(id)).summary.total).toBe(0);
    const releases = await client.releases(id);
    expect(releases.releases.map((release) => release.diff.map((entry) => entry.field))).toEqual([["env"], []]);
    const job = await sharedClient().jobs.runsync(id, { hello: "world" });
    // The stream stays open while the endpoint exists: its first line is the job's; `return` closes it.
    const lines = client.workerLogs(id, `${id}-w0`);
    expect(await lines.next()).toEqual({
      done: false,
      value: expect.objectContaining({ source: "container", line: `job ${job.id} completed` }),
    });
    await lines.return(undefined);
  });

  it("adopting it takes it over by id; the next diff shows no changes", async () => {
    const inputs = await checked(args({ name: "adopted", env: { MODE: "b" }, adopt: id }));
    emulator.resetRequests();
    const adopted = await endpoint.create(inputs);
    expect(adopted.id).toBe(id);
    expect(writes(emulator)).toEqual([`PATCH /v2/serverless/${id}`]);
    expect(await endpoint.diff(id, adopted.outs!, inputs)).toEqual({ changes: false, replaces: [] });
    outs = adopted.outs!;
  });

  it("adopting as another type is refused without a change", async () => {
    emulator.resetRequests();
    const error = await rejection(
      endpoint.create(await checked(args({ type: "LOAD_BALANCER", scaling: { type: "REQUEST_COUNT", requestCount: 2 }, adopt: id }))),
    );
    expect(error.message).toBe(
      `adopt: endpoint "${id}" differs from the arguments in type, which cannot change in place; declare the endpoint's current values or create a new endpoint instead`,
    );
    expect(writes(emulator)).toEqual([]);
  });
});

describe("with a CPU endpoint", () => {
  it("a switch to GPUs replaces it; new vCPU counts change in place", async () => {
    const cpu = args({ gpu: undefined, cpu: [{ id: "cpu3c", vcpuCount: 2 }] });
    const { id, outs } = await endpoint.create(await checked(cpu));
    expect(outs).toMatchObject({ gpu: null, cpu: [{ id: "cpu3c", vcpuCount: 2, memory: 4 }] });
    expect(await endpoint.diff(id, outs!, await checked(cpu))).toEqual({ changes: false, replaces: [] });
    expect(await endpoint.diff(id, outs!, await checked(args()))).toEqual({ changes: true, replaces: ["gpu"] });
    const update = vi.spyOn(sharedClient().serverless, "update");
    const { outs: updated } = await endpoint.update(id, outs!, await checked({ ...cpu, cpu: [{ id: "cpu3c", vcpuCount: 4 }] }));
    expect(update.mock.calls).toEqual([[id, { cpu: [{ id: "cpu3c", vcpuCount: 4 }] }]]);
    update.mockRestore();
    expect(updated!.cpu).toEqual([{ id: "cpu3c", vcpuCount: 4, memory: 8 }]);
    await endpoint.delete(id);
  });
});

describe("CUDA constraints", () => {
  type Cuda = Pick<EndpointGpuInputs, "allowedCudaVersions" | "minCudaVersion">;
  const gpu = (cuda: Cuda): EndpointGpuInputs => ({ pools: ["ADA_24"], ...cuda });

  it.each<[string, Cuda, Cuda, object, object]>([
    [
      "a floor becomes a set",
      { minCudaVersion: "12.4" },
      { allowedCudaVersions: ["12.8"] },
      { allowedCudaVersions: ["12.8"], minCudaVersion: "" },
      { allowedCudaVersions: ["12.8"], minCudaVersion: null },
    ],
    [
      "a set becomes a floor",
      { allowedCudaVersions: ["12.8"] },
      { minCudaVersion: "12.4" },
      { allowedCudaVersions: [], minCudaVersion: "12.4" },
      { allowedCudaVersions: [], minCudaVersion: "12.4" },
    ],
    ["a floor is removed", { minCudaVersion: "12.4" }, {}, { minCudaVersion: "" }, { allowedCudaVersions: [], minCudaVersion: null }],
    [
      "a set is removed",
      { allowedCudaVersions: ["12.8"] },
      {},
      { allowedCudaVersions: [] },
      { allowedCudaVersions: [], minCudaVersion: null },
    ],
  ])("%s in one PATCH that clears what the arguments no longer declare", async (_, before, after, sent, live) => {
    const { id, outs } = await endpoint.create(await checked(args({ name: "cuda", gpu: gpu(before) })));
    const news = await checked(args({ name: "cuda", gpu: gpu(after) }));
    expect(await endpoint.diff(id, outs!, news)).toEqual({ changes: true, replaces: [] });
    const update = vi.spyOn(sharedClient().serverless, "update");
    const { outs: updated } = await endpoint.update(id, outs!, news);
    expect(update.mock.calls).toEqual([[id, { gpu: sent }]]);
    update.mockRestore();
    expect(updated!.gpu).toMatchObject(live);
    expect(await endpoint.diff(id, updated!, news)).toEqual({ changes: false, replaces: [] });
    await endpoint.delete(id);
  });

  it("a floor added to an endpoint whose template seeded a CUDA set clears the set", async () => {
    const template = (
      await api("POST", "/v2/templates", { name: "cuda-worker", image: "org/tpl:1", serverless: true, allowedCudaVersions: ["12.8"] })
    ).body;
    const inputs = await checked(args({ name: "cuda-tpl", image: undefined, templateId: template.id }));
    const { id, outs } = await endpoint.create(inputs);
    expect(outs!.gpu).toMatchObject({ allowedCudaVersions: ["12.8"], minCudaVersion: null });
    expect(await endpoint.diff(id, outs!, inputs)).toEqual({ changes: false, replaces: [] });
    const news = await checked(args({ name: "cuda-tpl", image: undefined, templateId: template.id, gpu: gpu({ minCudaVersion: "12.4" }) }));
    const { outs: updated } = await endpoint.update(id, outs!, news);
    expect(updated!.gpu).toMatchObject({ allowedCudaVersions: [], minCudaVersion: "12.4" });
    expect(await endpoint.diff(id, updated!, news)).toEqual({ changes: false, replaces: [] });
    await endpoint.delete(id);
  });
});

describe("from a template", () => {
  it("the template's settings and env keys never show as drift; another template, or none, applies in place", async () => {
    const template = (
      await api("POST", "/v2/templates", { name: "worker", image: "org/tpl:1", serverless: true, env: { FROM_TEMPLATE: "1" } })
    ).body;
    const other = (await api("POST", "/v2/templates", { name: "worker2", image: "org/tpl:2", serverless: true, env: { OTHER: "2" } })).body;
    const inputs = await checked(args({ image: undefined, templateId: template.id, env: { OWN: "x" } }));
    const { id, outs } = await endpoint.create(inputs);
    expect(outs).toMatchObject({
      image: "org/tpl:1",
      env: { FROM_TEMPLATE: "1", OWN: "x" },
      inheritedEnvKeys: ["FROM_TEMPLATE"],
      templateId: template.id,
    });
    expect(await endpoint.diff(id, outs!, inputs)).toEqual({ changes: false, replaces: [] });

    const moved = await checked(args({ image: undefined, templateId: other.id, env: { OWN: "x" } }));
    emulator.resetRequests();
    const { outs: updated } = await endpoint.update(id, outs!, moved);
    expect(writes(emulator)).toEqual([`PATCH /v2/serverless/${id}`]);
    expect(updated).toMatchObject({ image: "org/tpl:2", env: { OTHER: "2", OWN: "x" }, inheritedEnvKeys: ["OTHER"], templateId: other.id });
    expect(await endpoint.diff(id, updated!, moved)).toEqual({ changes: false, replaces: [] });

    const details = await checked(args({ image: "org/own:1", env: { OWN: "x" } }));
    const { outs: detached } = await endpoint.update(id, updated!, details);
    expect(detached).toMatchObject({ image: "org/own:1", env: { OWN: "x" }, inheritedEnvKeys: [] });
    expect(detached!.templateId).toBeUndefined();
    expect(await endpoint.diff(id, detached!, details)).toEqual({ changes: false, replaces: [] });
    await endpoint.delete(id);
  });
});

describe("refresh and delete", () => {
  it("refresh after an out-of-band delete drops it; deleting it again succeeds", async () => {
    const { id, outs } = await endpoint.create(await checked(args({ name: "gone" })));
    expect((await api("DELETE", `/v2/serverless/${id}`)).status).toBe(204);
    expect(await endpoint.read(id, outs!)).toEqual({ id: "" });
    emulator.resetRequests();
    await endpoint.delete(id);
    expect(writes(emulator)).toEqual([`DELETE /v2/serverless/${id}`]);
  });

  it("refresh of an unchanged endpoint returns its outputs alone", async () => {
    const template = (
      await api("POST", "/v2/templates", { name: "steady", image: "org/tpl:1", serverless: true, env: { FROM_TEMPLATE: "1" } })
    ).body;
    const { id, outs } = await endpoint.create(
      await checked(args({ name: "steady", image: undefined, templateId: template.id, env: { OWN: "x" } })),
    );
    expect(await endpoint.read(id, outs!)).toEqual({ id, props: outs });
    await endpoint.delete(id);
  });

  it("refresh reads changes made elsewhere, hands back the arguments they amount to, and the next diff reports them", async () => {
    const inputs = await checked(args({ name: "drifting", env: { OWN: "x" } }));
    const { id, outs } = await endpoint.create(inputs);
    await api("PATCH", `/v2/serverless/${id}`, { workers: { max: 9 } });
    const refreshed = await endpoint.read(id, outs!);
    const props = refreshed.props as ServerlessEndpointOutputs;
    expect(props).toEqual({ ...outs, workers: { min: 0, max: 9, idleTimeout: 10 } });
    expect(refreshed.inputs).toEqual({
      ...inputs,
      gpu: { pools: ["ADA_24"], count: 1, allowedCudaVersions: [] },
      workers: { min: 0, max: 9, idleTimeout: 10 },
    });
    expect(await endpoint.diff(id, props, inputs)).toEqual({ changes: true, replaces: [] });
    await endpoint.delete(id);
    expect(emulator.snapshot().endpoints.map((e) => e.id)).not.toContain(id);
  });

  it("a create the API refuses leaves nothing behind and names the reason", async () => {
    const error = await rejection(endpoint.create(await checked(args({ name: "bad", gpu: { pools: ["TPU_9"] } }))));
    expect(error.message).toMatch(/^POST \/v2\/serverless failed with 400 Bad Request: Unknown GPU pool "TPU_9" in gpu.pools/);
    expect(emulator.snapshot().endpoints.map((e) => e.name)).not.toContain("bad");
  });
});
