import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cpuPod, createRegistry, expectProblem, gpuPod, type Harness, ManualClock, startHarness } from "./harness";

const PROVISIONING_MS = 1000;
const STARTING_MS = 2000;
const RUNNING_AFTER = PROVISIONING_MS + STARTING_MS;

const clock = new ManualClock();
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    clock: clock.read,
    timings: { provisioningMs: PROVISIONING_MS, startingMs: STARTING_MS },
    faults: { failPodsNamed: "^doomed" },
  });
});

afterAll(() => harness.emulator.close());

const create = async (body: unknown) => (await harness.call("POST", "/v2/pods", { body })).body;
const get = async (id: string) => (await harness.call("GET", `/v2/pods/${id}`)).body;
const act = (id: string, action: string) => harness.call("POST", `/v2/pods/${id}/action`, { body: { action } });
const patch = (id: string, body: unknown) => harness.call("PATCH", `/v2/pods/${id}`, { body });
const iso = (ms: number) => new Date(ms).toISOString();

describe("a GPU pod publishing 22/tcp, phase by phase", () => {
  let id: string;
  let createdAt: number;

  beforeAll(async () => {
    createdAt = clock.now;
    id = (await create(gpuPod({ gpu: { id: "NVIDIA GeForce RTX 4090", count: 2 }, ports: ["22/tcp", "8888/http"] }))).id;
  });

  const proxy = () => ({
    host: "ssh.computeplatform.internal",
    port: 22,
    username: expect.stringMatching(new RegExp(`^${id}-[0-9a-f]{8}$`)),
    command: expect.stringMatching(new RegExp(`^ssh ${id}-[0-9a-f]{8}@ssh\\.computeplatform\\.internal$`)),
  });

  test.each([
    { at: 0, status: "PROVISIONING", actions: ["stop", "terminate"], machine: false, uptime: null },
    { at: PROVISIONING_MS - 1, status: "PROVISIONING", actions: ["stop", "terminate"], machine: false, uptime: null },
    { at: PROVISIONING_MS, status: "STARTING", actions: ["stop", "terminate"], machine: true, uptime: null },
    { at: RUNNING_AFTER - 1, status: "STARTING", actions: ["stop", "terminate"], machine: true, uptime: null },
    { at: RUNNING_AFTER, status: "RUNNING", actions: ["stop", "restart", "terminate"], machine: true, uptime: 0 },
    { at: RUNNING_AFTER + 62_500, status: "RUNNING", actions: ["stop", "restart", "terminate"], machine: true, uptime: 62 },
  ])("$at ms after create: $status", async ({ at, status, actions, machine, uptime }) => {
    clock.now = createdAt + at;
    const pod = await get(id);
    expect({
      status: pod.status,
      actions: pod.actions,
      cost: pod.cost,
      cudaVersion: pod.cudaVersion,
      proxy: pod.ssh.proxy,
      startedAt: pod.startedAt,
      dataCenterId: pod.dataCenterId,
    }).toEqual({
      status,
      actions,
      cost: 1.18,
      cudaVersion: machine ? "12.8" : null,
      proxy: machine ? proxy() : null,
      startedAt: uptime === null ? null : iso(createdAt + RUNNING_AFTER),
      dataCenterId: "US-TX-3",
    });
    if (uptime === null) {
      expect({ runtime: pod.runtime, direct: pod.ssh.direct }).toEqual({ runtime: null, direct: null });
      return;
    }
    const { host, port } = pod.ssh.direct;
    expect(pod.ssh.direct).toEqual({
      host: expect.stringMatching(/^203\.0\.113\.\d+$/),
      port: expect.any(Number),
      username: "root",
      command: `ssh root@${host} -p ${port}`,
    });
    expect(pod.runtime).toEqual({
      uptime,
      gpus: [
        { util: expect.any(Number), memoryUtil: expect.any(Number) },
        { util: expect.any(Number), memoryUtil: expect.any(Number) },
      ],
      cpu: { util: expect.any(Number) },
      memory: { util: expect.any(Number) },
      ports: [
        { private: 22, public: port, type: "tcp", ip: host },
        { private: 8888, public: null, type: "http", ip: null },
      ],
    });
    for (const value of [pod.runtime.cpu.util, pod.runtime.memory.util, ...pod.runtime.gpus.flatMap(Object.values)]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
  });

  test("stop: EXITED keeps its machine, cudaVersion and data center but costs nothing", async () => {
    const before = await get(id);
    const stopped = (await act(id, "stop")).body;
    expect(stopped).toEqual({
      ...before,
      status: "EXITED",
      actions: ["start", "terminate"],
      cost: 0,
      runtime: null,
      startedAt: null,
      ssh: { proxy: before.ssh.proxy, direct: null },
    });
  });

  test("start: STARTING on the same host, then RUNNING with a new startedAt", async () => {
    clock.advance(10_000);
    const started = (await act(id, "start")).body;
    expect(started).toMatchObject({ status: "STARTING", cudaVersion: "12.8", dataCenterId: "US-TX-3", startedAt: null });
    expect(started.ssh.proxy).not.toBeNull();
    const restartedAt = clock.now;
    clock.advance(STARTING_MS);
    expect(await get(id)).toMatchObject({ status: "RUNNING", startedAt: iso(restartedAt + STARTING_MS) });
  });

  test("restart: STARTING, then RUNNING", async () => {
    expect((await act(id, "restart")).body).toMatchObject({ status: "STARTING", runtime: null, startedAt: null });
    clock.advance(STARTING_MS);
    expect(await get(id)).toMatchObject({ status: "RUNNING", runtime: { uptime: 0 } });
  });
});

test("a CPU pod reports no CUDA version and no GPU metrics", async () => {
  const created = await create(cpuPod());
  expect({ cudaVersion: created.cudaVersion, cost: created.cost }).toEqual({ cudaVersion: null, cost: 0.12 });
  clock.advance(RUNNING_AFTER);
  const running = await get(created.id);
  expect(running.status).toBe("RUNNING");
  expect(running.cudaVersion).toBeNull();
  expect(running.runtime).toEqual({ uptime: 0, cpu: { util: expect.any(Number) }, memory: { util: expect.any(Number) }, ports: [] });
});

test("a pod stopped before it got a machine provisions again on start", async () => {
  const { id } = await create(gpuPod());
  const stopped = (await act(id, "stop")).body;
  expect({ status: stopped.status, proxy: stopped.ssh.proxy, cudaVersion: stopped.cudaVersion }).toEqual({
    status: "EXITED",
    proxy: null,
    cudaVersion: null,
  });
  expect((await act(id, "start")).body.status).toBe("PROVISIONING");
  clock.advance(RUNNING_AFTER);
  expect((await get(id)).status).toBe("RUNNING");
});

describe("ERROR", () => {
  test("a pod named to fail turns ERROR when it would become RUNNING, and again after start", async () => {
    const { id } = await create(gpuPod({ name: "doomed-run" }));
    clock.advance(RUNNING_AFTER - 1);
    expect((await get(id)).status).toBe("STARTING");
    clock.advance(1);
    expect(await get(id)).toMatchObject({
      status: "ERROR",
      actions: ["start", "terminate"],
      runtime: null,
      startedAt: null,
      cost: 0.59,
      cudaVersion: "12.8",
    });
    expect((await act(id, "start")).body.status).toBe("STARTING");
    clock.advance(STARTING_MS);
    expect((await get(id)).status).toBe("ERROR");
  });

  test("faults.failPod puts a pod into ERROR now; start recovers it", async () => {
    const { id } = await create(gpuPod());
    clock.advance(RUNNING_AFTER);
    harness.emulator.faults.failPod(id);
    expect((await get(id)).status).toBe("ERROR");
    expect((await act(id, "start")).body.status).toBe("STARTING");
    clock.advance(STARTING_MS);
    expect((await get(id)).status).toBe("RUNNING");
  });

  test("faults.failPod throws for an unknown pod", () => {
    expect(() => harness.emulator.faults.failPod("nosuchpod0")).toThrow("No pod nosuchpod0 to fail");
  });
});

describe("actions per status", () => {
  const reach: Record<string, (id: string) => Promise<void>> = {
    PROVISIONING: async () => {},
    STARTING: async () => clock.advance(PROVISIONING_MS),
    RUNNING: async () => clock.advance(RUNNING_AFTER),
    EXITED: async (id) => {
      clock.advance(RUNNING_AFTER);
      await act(id, "stop");
    },
    ERROR: async (id) => {
      clock.advance(RUNNING_AFTER);
      harness.emulator.faults.failPod(id);
    },
  };
  const valid: Record<string, Record<string, string>> = {
    PROVISIONING: { stop: "EXITED", terminate: "TERMINATED" },
    STARTING: { stop: "EXITED", terminate: "TERMINATED" },
    RUNNING: { stop: "EXITED", restart: "STARTING", terminate: "TERMINATED" },
    EXITED: { start: "STARTING", terminate: "TERMINATED" },
    ERROR: { start: "STARTING", terminate: "TERMINATED" },
  };
  const cases = Object.entries(valid).flatMap(([status, outcomes]) =>
    ["start", "stop", "restart", "terminate"].map((action) => ({ status, action, outcome: outcomes[action] })),
  );

  test.each(cases)("$action on $status", async ({ status, action, outcome }) => {
    const { id } = await create(gpuPod());
    await reach[status]?.(id);
    expect((await get(id)).status).toBe(status);
    const answer = await act(id, action);
    if (outcome === undefined) {
      const allowed = Object.keys(valid[status] ?? {}).join(", ");
      expectProblem(answer, 409, `Cannot ${action} pod ${id} while it is ${status}; valid actions: ${allowed}`);
      expect((await get(id)).status).toBe(status);
      return;
    }
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe(outcome);
  });

  test.each([
    { body: { action: "reset" }, errors: ["must be one of start, stop, restart, terminate at /action"] },
    { body: {}, errors: ["missing required property at /action"] },
    { body: { action: "stop", force: true }, errors: ["unknown property at /force"] },
  ])("an invalid action body $body is 400", async ({ body, errors }) => {
    const { id } = await create(gpuPod());
    expectProblem(await harness.call("POST", `/v2/pods/${id}/action`, { body }), 400, "Request body failed validation", errors);
  });
});

describe("locked", () => {
  test("refuses stop and restart with 409, allows terminate", async () => {
    const { id } = await create(gpuPod());
    clock.advance(RUNNING_AFTER);
    expect((await patch(id, { locked: true })).body).toMatchObject({ locked: true, status: "RUNNING" });
    for (const action of ["stop", "restart"]) {
      expectProblem(await act(id, action), 409, `Pod ${id} is locked; unlock it before you ${action} it`);
    }
    expect((await act(id, "terminate")).body.status).toBe("TERMINATED");
  });

  test("unlocking allows stop again", async () => {
    const { id } = await create(gpuPod());
    await patch(id, { locked: true });
    await patch(id, { locked: false });
    expect((await act(id, "stop")).body.status).toBe("EXITED");
  });
});

describe("the end of a pod", () => {
  test("terminate answers the pod as TERMINATED; it is then gone", async () => {
    const { id } = await create(gpuPod({ ports: ["22/tcp"] }));
    clock.advance(RUNNING_AFTER);
    const running = await get(id);
    const answer = await act(id, "terminate");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ...running,
      status: "TERMINATED",
      actions: [],
      cost: 0,
      runtime: null,
      startedAt: null,
      cudaVersion: null,
      ssh: { proxy: null, direct: null },
    });
    expectProblem(await harness.call("GET", `/v2/pods/${id}`), 404, `Pod ${id} not found`);
    expect((await harness.call("GET", "/v2/pods")).body.pods.map((pod: { id: string }) => pod.id)).not.toContain(id);
    expect(harness.emulator.snapshot().pods.map((pod) => pod.id)).not.toContain(id);
  });

  test("DELETE answers 204 without a body; the pod is then gone", async () => {
    const { id } = await create(gpuPod());
    const answer = await harness.call("DELETE", `/v2/pods/${id}`);
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 204, text: "" });
    expectProblem(await harness.call("GET", `/v2/pods/${id}`), 404, `Pod ${id} not found`);
    expectProblem(await harness.call("DELETE", `/v2/pods/${id}`), 404, `Pod ${id} not found`);
  });
});

describe("PATCH", () => {
  const running = async (body: Record<string, unknown> = {}) => {
    const { id } = await create(gpuPod({ mounts: { persistent: { size: 20, path: "/workspace" } }, ...body }));
    clock.advance(RUNNING_AFTER);
    return id as string;
  };

  test.each([
    { field: "image", change: { image: "org/trainer:1.3" } },
    { field: "args", change: { args: "--resume" } },
    { field: "env", change: { env: { A: "2" } } },
    { field: "ports", change: { ports: ["8080/http"] } },
    { field: "disk", change: { disk: 40 } },
    { field: "mount path", change: { mounts: { persistent: { size: 20, path: "/data" } } } },
  ])("changing $field restarts a running container", async ({ change }) => {
    const id = await running({ env: { A: "1" } });
    const answer = await patch(id, change);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ...change, status: "STARTING" });
    clock.advance(STARTING_MS);
    expect((await get(id)).status).toBe("RUNNING");
  });

  test.each([
    { field: "name", change: { name: "renamed" } },
    { field: "locked", change: { locked: true } },
    { field: "an unchanged env", change: { env: { A: "1" } } },
    { field: "a grown persistent mount", change: { mounts: { persistent: { size: 30, path: "/workspace" } } } },
    { field: "an empty body", change: {} },
  ])("changing $field leaves it RUNNING", async ({ change }) => {
    const id = await running({ env: { A: "1" } });
    const answer = await patch(id, change);
    expect(answer.body).toMatchObject({ ...change, status: "RUNNING" });
  });

  test("changing registry leaves it RUNNING", async () => {
    const registry = await createRegistry(harness);
    const id = await running();
    expect((await patch(id, { registry })).body).toMatchObject({ registry, status: "RUNNING" });
  });

  test("a stopped pod stays stopped", async () => {
    const id = await running();
    await act(id, "stop");
    expect((await patch(id, { image: "org/trainer:2" })).body).toMatchObject({ image: "org/trainer:2", status: "EXITED" });
  });

  test("answers the whole updated pod", async () => {
    const { id } = await create(gpuPod({ registry: await createRegistry(harness) }));
    const answer = await patch(id, {
      name: "renamed",
      args: "--x",
      disk: 30,
      env: { B: "2" },
      ports: ["22/tcp"],
      registry: null,
      globalNetworking: true,
    });
    expect(answer.body).toEqual({
      ...(await get(id)),
      name: "renamed",
      args: "--x",
      disk: 30,
      env: { B: "2" },
      ports: ["22/tcp"],
      registry: null,
      globalNetworking: { enabled: true, ip: expect.any(String), internalDns: `${id}.computeplatform.internal` },
    });
  });

  test.each([
    { body: { gpu: { id: "NVIDIA L40S" } }, errors: ["unknown property at /gpu"] },
    { body: { cpu: { id: "cpu3c", vcpuCount: 2, memory: 2 } }, errors: ["unknown property at /cpu"] },
    { body: { cloud: "COMMUNITY" }, errors: ["unknown property at /cloud"] },
    { body: { startSsh: true, dataCenterIds: [] }, errors: ["unknown property at /startSsh", "unknown property at /dataCenterIds"] },
    { body: { name: "" }, errors: ["must not be empty at /name"] },
    { body: { disk: 0 }, errors: ["must be >= 1 at /disk"] },
  ])("rejects $body with 400", async ({ body, errors }) => {
    const { id } = await create(gpuPod());
    expectProblem(await patch(id, body), 400, "Request body failed validation", errors);
  });
});
