import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { startEmulator } from "../../emulator";
import { cpuPod, expectProblem, gpuPod, type Harness, ManualClock, startHarness } from "./harness";

const H100 = "NVIDIA H100 80GB HBM3";
const L40S = "NVIDIA L40S";
const SHORT = "There are no instances available with the requested specifications";

let clock: ManualClock;
let harness: Harness;

beforeEach(async () => {
  clock = new ManualClock();
  harness = await startHarness({ clock: clock.read });
});
afterEach(() => harness.emulator.close());

const create = (body: unknown) => harness.call("POST", "/v2/pods", { body });
const action = (id: string, name: string) => harness.call("POST", `/v2/pods/${id}/action`, { body: { action: name } });
const idle = (gpuTypeId: string, dataCenterId: string) => harness.emulator.stock.gpu(gpuTypeId, dataCenterId);

describe("pods hold their GPUs", () => {
  test("the N-th pod takes the last idle GPUs; the next answers the capacity error naming what is short", async () => {
    harness.emulator.stock.setGpu(H100, "US-CA-2", { secure: 4 });
    harness.emulator.stock.setGpu(H100, "EU-SE-1", { secure: 0 });
    for (const name of ["first", "second"]) {
      const answer = await create(gpuPod({ name, gpu: { id: H100, count: 2 } }));
      expect([answer.status, answer.body.dataCenterId]).toEqual([201, "US-CA-2"]);
    }
    expect(idle(H100, "US-CA-2")).toEqual({ secure: 0, community: 2, clusterNodes: 2 });
    expectProblem(
      await create(gpuPod({ name: "third", gpu: { id: H100, count: 2 } })),
      400,
      `${SHORT}: 2 x ${H100} (SECURE) in US-CA-2, EU-SE-1`,
    );
    expect(harness.emulator.snapshot().pods.map((pod) => pod.name)).toEqual(["first", "second"]);
  });

  test("a full data center is passed over for the next one with room", async () => {
    harness.emulator.stock.setGpu(H100, "US-CA-2", { secure: 1 });
    const answer = await create(gpuPod({ gpu: { id: H100, count: 2 } }));
    expect([answer.status, answer.body.dataCenterId]).toEqual([201, "EU-SE-1"]);
    expect([idle(H100, "US-CA-2")?.secure, idle(H100, "EU-SE-1")?.secure]).toEqual([1, 46]);
  });

  test("the community cloud draws on its own idle GPUs", async () => {
    harness.emulator.stock.setGpu(H100, "US-CA-2", { secure: 0, community: 1 });
    harness.emulator.stock.setGpu(H100, "EU-SE-1", { community: 0 });
    expect((await create(gpuPod({ cloud: "COMMUNITY", gpu: { id: H100 } }))).body.dataCenterId).toBe("US-CA-2");
    expectProblem(
      await create(gpuPod({ cloud: "COMMUNITY", gpu: { id: H100 } })),
      400,
      `${SHORT}: 1 x ${H100} (COMMUNITY) in US-CA-2, EU-SE-1`,
    );
    expect(idle(H100, "EU-SE-1")?.secure).toBe(48);
  });

  test("only the preferred data centers are looked at", async () => {
    harness.emulator.stock.setGpu(L40S, "EU-RO-1", { secure: 0 });
    const body = gpuPod({ gpu: { id: L40S }, dataCenterIds: ["EU-RO-1", "CA-MTL-1"] });
    expectProblem(await create(body), 400, `${SHORT}: 1 x ${L40S} (SECURE) in EU-RO-1`);
  });

  test("a pod pinned by its network volume is short only of that data center", async () => {
    const volume = await harness.call("POST", "/v2/network-volumes", { body: { name: "data", size: 10, dataCenter: "EU-SE-1" } });
    harness.emulator.stock.setGpu(L40S, "EU-SE-1", { secure: 0 });
    const body = gpuPod({ gpu: { id: L40S }, mounts: { network: [{ volumeId: volume.body.id, path: "/data" }] } });
    expectProblem(await create(body), 400, `${SHORT}: 1 x ${L40S} (SECURE) in EU-SE-1`);
  });

  test("a bad request keeps its answer when stock is short", async () => {
    harness.emulator.stock.setGpu(L40S, "US-TX-3", { secure: 0 });
    expectProblem(
      await create(gpuPod({ gpu: { id: L40S }, dataCenterIds: ["CA-MTL-1"] })),
      400,
      `"${L40S}" is not offered in any of CA-MTL-1`,
    );
    expectProblem(await create(gpuPod({ gpu: { id: "NVIDIA B300" } })), 400, 'Unknown GPU type "NVIDIA B300"');
  });

  test("CPU pods hold vCPUs of their flavor", async () => {
    const body = cpuPod({ cpu: { id: "cpu3c", vcpuCount: 4, memory: 8 }, dataCenterIds: ["CA-MTL-1"] });
    expect((await create(body)).status).toBe(201);
    expect((await create(body)).status).toBe(201);
    expectProblem(await create(body), 400, `${SHORT}: 4 x cpu3c vCPU (SECURE) in CA-MTL-1`);
  });

  test("stopping and terminating give the GPUs back; starting takes them again, or answers the capacity error", async () => {
    harness.emulator.stock.setGpu(L40S, "US-TX-3", { secure: 1 });
    const only = { gpu: { id: L40S }, dataCenterIds: ["US-TX-3"] };
    const stopped = (await create(gpuPod({ name: "stopped", ...only }))).body.id;
    expect(idle(L40S, "US-TX-3")?.secure).toBe(0);
    expect((await action(stopped, "stop")).body.status).toBe("EXITED");
    expect(idle(L40S, "US-TX-3")?.secure).toBe(1);
    const other = (await create(gpuPod({ name: "other", ...only }))).body.id;
    expectProblem(await action(stopped, "start"), 400, `${SHORT}: 1 x ${L40S} (SECURE) in US-TX-3`);
    expect((await harness.call("GET", `/v2/pods/${stopped}`)).body.status).toBe("EXITED");
    expect((await harness.call("DELETE", `/v2/pods/${other}`)).status).toBe(204);
    expect(idle(L40S, "US-TX-3")?.secure).toBe(1);
    expect((await action(stopped, "start")).status).toBe(200);
    expect(idle(L40S, "US-TX-3")?.secure).toBe(0);
    expect((await action(stopped, "terminate")).body.status).toBe("TERMINATED");
    expect(idle(L40S, "US-TX-3")?.secure).toBe(1);
  });

  test("a stopped pod terminated gives nothing back twice; a failed pod keeps its GPUs and a start takes none", async () => {
    harness.emulator.stock.setGpu(L40S, "US-TX-3", { secure: 1 });
    const only = { gpu: { id: L40S }, dataCenterIds: ["US-TX-3"] };
    const stopped = (await create(gpuPod({ name: "stopped", ...only }))).body.id;
    await action(stopped, "stop");
    await action(stopped, "terminate");
    expect(idle(L40S, "US-TX-3")?.secure).toBe(1);
    const failed = (await create(gpuPod({ name: "failed", ...only }))).body.id;
    harness.emulator.faults.failPod(failed);
    expect(idle(L40S, "US-TX-3")?.secure).toBe(0);
    expect((await action(failed, "start")).status).toBe(200);
    expect(idle(L40S, "US-TX-3")?.secure).toBe(0);
  });
});

describe("clusters hold a node per member", () => {
  const cluster = (name: string, podCount: number) =>
    harness.call("POST", "/v2/clusters", {
      body: { name, type: "SLURM", compute: { gpuTypeId: H100, gpuCountPerPod: 8, podCount }, image: "org/slurm:24" },
    });

  test("the last idle nodes go to one cluster; the next is short of them; deleting it gives them back", async () => {
    harness.emulator.stock.setGpu(H100, "EU-SE-1", { clusterNodes: 1 });
    const first = await cluster("first", 2);
    expect([first.status, first.body.dataCenterId]).toEqual([201, "US-CA-2"]);
    expect(idle(H100, "US-CA-2")).toEqual({ secure: 5, community: 2, clusterNodes: 0 });
    expectProblem(await cluster("second", 2), 400, `${SHORT}: 2 x ${H100} cluster node (SECURE) in US-CA-2, EU-SE-1`);
    expect(harness.emulator.snapshot().pods.map((pod) => pod.name)).toEqual(["first-node-0", "first-node-1"]);
    expect((await harness.call("DELETE", `/v2/clusters/${first.body.id}`)).status).toBe(204);
    expect(idle(H100, "US-CA-2")?.clusterNodes).toBe(2);
    expect((await cluster("second", 2)).status).toBe(201);
  });
});

describe("serverless standing workers hold their GPUs", () => {
  const endpointBody = (overrides: Record<string, unknown>) => ({
    name: "workers",
    type: "QUEUE",
    image: "org/worker:1",
    gpu: { pools: ["HOPPER_80"], count: 2 },
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    workers: { min: 2, max: 3 },
    ...overrides,
  });
  const createEndpoint = (overrides: Record<string, unknown> = {}) =>
    harness.call("POST", "/v2/serverless", { body: endpointBody(overrides) });

  test("workers.min × gpu.count GPUs are taken at create, refused when short, and given back at delete", async () => {
    harness.emulator.stock.setGpu(H100, "US-CA-2", { secure: 4 });
    harness.emulator.stock.setGpu(H100, "EU-SE-1", { secure: 0 });
    const first = await createEndpoint();
    expect(first.status).toBe(201);
    expect(idle(H100, "US-CA-2")?.secure).toBe(0);
    expectProblem(await createEndpoint({ workers: { min: 1, max: 1 } }), 400, `${SHORT}: 2 x ${H100} (SECURE) in US-CA-2, EU-SE-1`);
    expect(harness.emulator.snapshot().endpoints).toHaveLength(1);
    expect((await createEndpoint({ workers: { min: 0, max: 1 } })).status).toBe(201);
    expect((await harness.call("DELETE", `/v2/serverless/${first.body.id}`)).status).toBe(204);
    expect(idle(H100, "US-CA-2")?.secure).toBe(4);
  });

  test("a PATCH that needs more than is idle is refused and the workers keep what they held", async () => {
    harness.emulator.stock.setGpu(H100, "US-CA-2", { secure: 4 });
    harness.emulator.stock.setGpu(H100, "EU-SE-1", { secure: 5 });
    const endpoint = (await createEndpoint()).body;
    const patch = (body: unknown) => harness.call("PATCH", `/v2/serverless/${endpoint.id}`, { body });
    expectProblem(await patch({ workers: { min: 3 } }), 400, `${SHORT}: 6 x ${H100} (SECURE) in US-CA-2, EU-SE-1`);
    expect([idle(H100, "US-CA-2")?.secure, idle(H100, "EU-SE-1")?.secure]).toEqual([0, 5]);
    expect((await harness.call("GET", `/v2/serverless/${endpoint.id}`)).body.workers.min).toBe(2);
    expect((await patch({ workers: { min: 1 } })).status).toBe(200);
    expect([idle(H100, "US-CA-2")?.secure, idle(H100, "EU-SE-1")?.secure]).toEqual([2, 5]);
    expect((await patch({ name: "renamed", workers: { max: 2 } })).status).toBe(200);
    expect([idle(H100, "US-CA-2")?.secure, idle(H100, "EU-SE-1")?.secure]).toEqual([2, 5]);
  });

  test("the workers run on the first type of the pools with room; every type short is named", async () => {
    harness.emulator.stock.setGpu("NVIDIA GeForce RTX 4090", "EU-RO-1", { secure: 0 });
    harness.emulator.stock.setGpu(L40S, "EU-RO-1", { secure: 0 });
    const body = { gpu: { pools: ["ADA_24", "ADA_48_PRO"] }, workers: { min: 1, max: 1 }, dataCenterIds: ["EU-RO-1"] };
    expectProblem(
      await createEndpoint(body),
      400,
      `${SHORT}: 1 x NVIDIA GeForce RTX 4090 (SECURE) in EU-RO-1; 1 x ${L40S} (SECURE) in EU-RO-1`,
    );
    harness.emulator.stock.setGpu(L40S, "EU-RO-1", { secure: 1 });
    const endpoint = (await createEndpoint(body)).body;
    clock.advance(60_000);
    const { workers } = (await harness.call("GET", `/v2/serverless/${endpoint.id}/workers`)).body;
    expect(workers.map((worker: { gpuTypeId: string; dataCenterId: string }) => `${worker.gpuTypeId} @ ${worker.dataCenterId}`)).toEqual([
      `${L40S} @ EU-RO-1`,
    ]);
    expect(idle(L40S, "EU-RO-1")?.secure).toBe(0);
  });

  test("a CPU endpoint's workers hold workers.min × vcpuCount vCPUs", async () => {
    const body = { gpu: undefined, cpu: [{ id: "cpu3c", vcpuCount: 4 }], workers: { min: 2, max: 2 }, dataCenterIds: ["CA-MTL-1"] };
    expect((await createEndpoint(body)).status).toBe(201);
    expectProblem(await createEndpoint(body), 400, `${SHORT}: 8 x cpu3c vCPU (SECURE) in CA-MTL-1`);
  });
});

describe("availability follows live stock", () => {
  const h100Levels = async () => {
    const gpu = (await harness.call("GET", `/v2/catalog/gpus/${encodeURIComponent(H100)}?include=AVAILABILITY&product=POD`)).body;
    const cudaAvailable = [...new Set(gpu.cudaVersions.map((entry: { available: boolean }) => entry.available))];
    return [
      gpu.availability,
      ...gpu.dataCenters.map((entry: { id: string; availability: string }) => `${entry.id} ${entry.availability}`),
      cudaAvailable,
    ];
  };
  const dataCenterLevel = async (dataCenterId: string, gpuTypeId: string) => {
    const { gpuAvailability } = (await harness.call("GET", `/v2/catalog/datacenters/${dataCenterId}?include=GPU_AVAILABILITY`)).body;
    return gpuAvailability.find((entry: { id: string }) => entry.id === gpuTypeId).availability;
  };

  test("HIGH at 8 idle, MEDIUM at 3, LOW at 1, NONE at 0, and back as pods are deleted", async () => {
    harness.emulator.stock.setGpu(H100, "US-CA-2", { secure: 8, community: 0 });
    harness.emulator.stock.setGpu(H100, "EU-SE-1", { secure: 0, community: 0 });
    expect(await h100Levels()).toEqual(["HIGH", "US-CA-2 HIGH", "EU-SE-1 NONE", [true]]);
    const pods: string[] = [];
    const seen: string[] = [];
    for (let taken = 1; taken <= 8; taken++) {
      pods.push((await create(gpuPod({ name: `p${taken}`, gpu: { id: H100 } }))).body.id);
      seen.push(`${taken}: ${(await h100Levels())[0]} ${await dataCenterLevel("US-CA-2", H100)}`);
    }
    expect(seen).toEqual([
      "1: MEDIUM MEDIUM",
      "2: MEDIUM MEDIUM",
      "3: MEDIUM MEDIUM",
      "4: MEDIUM MEDIUM",
      "5: MEDIUM MEDIUM",
      "6: LOW LOW",
      "7: LOW LOW",
      "8: NONE NONE",
    ]);
    expect(await h100Levels()).toEqual(["NONE", "US-CA-2 NONE", "EU-SE-1 NONE", [false]]);
    expect((await harness.call("DELETE", `/v2/pods/${pods[0]}`)).status).toBe(204);
    expect(await h100Levels()).toEqual(["LOW", "US-CA-2 LOW", "EU-SE-1 NONE", [true]]);
  });

  test("CPU availability follows the vCPUs pods hold", async () => {
    const level = async () => {
      const { dataCenters } = (await harness.call("GET", "/v2/catalog/cpus/cpu3c?include=AVAILABILITY&product=POD")).body;
      return dataCenters.find((entry: { id: string }) => entry.id === "CA-MTL-1").availability;
    };
    expect(await level()).toBe("MEDIUM");
    await create(cpuPod({ cpu: { id: "cpu3c", vcpuCount: 8, memory: 8 }, dataCenterIds: ["CA-MTL-1"] }));
    expect(await level()).toBe("NONE");
  });
});

describe("scripted scarcity", () => {
  test("stock freed at a time on the emulator's clock is idle from that time on", async () => {
    harness.emulator.stock.setGpu(H100, "US-CA-2", { secure: 0 });
    harness.emulator.stock.setGpu(H100, "EU-SE-1", { secure: 0 });
    harness.emulator.stock.freeGpuAt(clock.now + 30_000, H100, "EU-SE-1", { secure: 2 });
    expectProblem(await create(gpuPod({ gpu: { id: H100, count: 2 } })), 400, `${SHORT}: 2 x ${H100} (SECURE) in US-CA-2, EU-SE-1`);
    clock.advance(29_999);
    expect(idle(H100, "EU-SE-1")?.secure).toBe(0);
    clock.advance(1);
    expect(idle(H100, "EU-SE-1")?.secure).toBe(2);
    const answer = await create(gpuPod({ gpu: { id: H100, count: 2 } }));
    expect([answer.status, answer.body.dataCenterId]).toEqual([201, "EU-SE-1"]);
    clock.advance(60_000);
    expect(idle(H100, "EU-SE-1")?.secure).toBe(0);
  });

  test("gpuStock overrides the seed's fields given at start", async () => {
    const emulator = await startEmulator({ gpuStock: { [L40S]: { "EU-SE-1": { secure: 0 }, "EU-RO-1": { community: 9 } } } });
    try {
      expect([emulator.stock.gpu(L40S, "EU-SE-1"), emulator.stock.gpu(L40S, "EU-RO-1")]).toEqual([
        { secure: 0, community: 0 },
        { secure: 2, community: 9 },
      ]);
      expect(emulator.stock.gpu(L40S, "CA-MTL-1")).toBeUndefined();
    } finally {
      await emulator.close();
    }
  });

  test("scripting a data center that does not carry the type, an unknown type or a bad count throws naming it", async () => {
    await expect(startEmulator({ gpuStock: { [L40S]: { "CA-MTL-1": { secure: 1 } } } })).rejects.toThrow(
      `Data center "CA-MTL-1" does not carry "${L40S}"; it is carried in US-TX-3, EU-SE-1, EU-RO-1`,
    );
    const { stock } = harness.emulator;
    expect(() => stock.setGpu("NVIDIA B300", "US-TX-3", { secure: 1 })).toThrow('Unknown GPU type "NVIDIA B300"; known: ');
    expect(() => stock.setGpu(L40S, "US-TX-3", { secure: -1 })).toThrow("Idle stock secure must be a non-negative integer, not -1");
    expect(() => stock.freeGpuAt(clock.now, L40S, "US-TX-3", { community: 1.5 })).toThrow(
      "Idle stock community must be a non-negative integer, not 1.5",
    );
    expect(() => stock.freeGpuAt(Number.NaN, L40S, "US-TX-3", { secure: 1 })).toThrow(
      "freeGpuAt: atMs must be a time in epoch milliseconds, not NaN",
    );
    expect(stock.gpu(L40S, "US-TX-3")).toEqual({ secure: 20, community: 8 });
  });
});

test("the OpenAPI document gives the capacity 400, with an example, at each operation that takes stock", async () => {
  const { paths } = (await harness.call("GET", "/v2/openapi.json", { key: null })).body;
  const documented = Object.entries(paths as Record<string, Record<string, { operationId: string; responses: Record<string, any> }>>)
    .flatMap(([, methods]) => Object.values(methods))
    .flatMap(({ operationId, responses }) => {
      const example = responses["400"]?.content?.["application/problem+json"]?.examples?.capacity?.value;
      return example === undefined ? [] : [[operationId, example.status, example.detail.startsWith(`${SHORT}: `)]];
    });
  expect(documented).toEqual([
    ["createPod", 400, true],
    ["podAction", 400, true],
    ["createCluster", 400, true],
    ["createEndpoint", 400, true],
    ["updateEndpoint", 400, true],
  ]);
});
