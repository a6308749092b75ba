import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEFAULT_ACCOUNT_SSH_KEY } from "../../emulator/store";
import { cpuPod, createRegistry, expectProblem, gpuPod, type Harness, ManualClock, startHarness } from "./harness";

const clock = new ManualClock();
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ clock: clock.read, apiKeys: ["emulator-key", { key: "keyless", account: "keyless" }] });
});

afterAll(() => harness.emulator.close());

const create = (body: unknown) => harness.call("POST", "/v2/pods", { body });

describe("schema: 400 listing every failing path", () => {
  test.each([
    { case: "unknown top-level property", body: gpuPod({ bogus: 1 }), errors: ["unknown property at /bogus"] },
    {
      case: "unknown properties inside gpu and cpu",
      body: { ...gpuPod({ gpu: { id: "NVIDIA L40S", type: "x" } }), cpu: { id: "cpu3c", vcpuCount: 2, memory: 1, ram: 2 } },
      errors: ["unknown property at /gpu/type", "unknown property at /cpu/ram"],
    },
    {
      case: "unknown properties inside mounts and mount entries",
      body: gpuPod({ mounts: { persistent: { size: 20, path: "/w", mode: "rw" }, scratch: {} } }),
      errors: ["unknown property at /mounts/persistent/mode", "unknown property at /mounts/scratch"],
    },
    {
      case: "unknown property inside a network mount",
      body: gpuPod({ mounts: { network: [{ volumeId: "v", path: "/d", readOnly: true }] } }),
      errors: ["unknown property at /mounts/network/0/readOnly"],
    },
    { case: "name missing", body: { image: "i", gpu: { id: "NVIDIA L40S" } }, errors: ["missing required property at /name"] },
    { case: "name empty", body: gpuPod({ name: "" }), errors: ["must not be empty at /name"] },
    { case: "image missing", body: { name: "n", gpu: { id: "NVIDIA L40S" } }, errors: ["missing required property at /image"] },
    { case: "disk 0", body: gpuPod({ disk: 0 }), errors: ["must be >= 1 at /disk"] },
    { case: "disk 1.5", body: gpuPod({ disk: 1.5 }), errors: ["expected integer at /disk"] },
    { case: "disk as a string", body: gpuPod({ disk: "20" }), errors: ["expected number at /disk"] },
    { case: "gpu.count 0", body: gpuPod({ gpu: { id: "NVIDIA L40S", count: 0 } }), errors: ["must be >= 1 at /gpu/count"] },
    {
      case: "vcpuCount 3",
      body: cpuPod({ cpu: { id: "cpu3c", vcpuCount: 3, memory: 4 } }),
      errors: ["must be a power of two at /cpu/vcpuCount"],
    },
    {
      case: "vcpuCount 1",
      body: cpuPod({ cpu: { id: "cpu3c", vcpuCount: 1, memory: 1 } }),
      errors: ["must be >= 2 at /cpu/vcpuCount"],
    },
    { case: "memory 0", body: cpuPod({ cpu: { id: "cpu3c", vcpuCount: 2, memory: 0 } }), errors: ["must be >= 1 at /cpu/memory"] },
    {
      case: "cpu without memory",
      body: cpuPod({ cpu: { id: "cpu3c", vcpuCount: 2 } }),
      errors: ["missing required property at /cpu/memory"],
    },
    {
      case: "persistent size 9",
      body: gpuPod({ mounts: { persistent: { size: 9, path: "/workspace" } } }),
      errors: ["must be >= 10 at /mounts/persistent/size"],
    },
    {
      case: "two network mounts",
      body: gpuPod({
        mounts: {
          network: [
            { volumeId: "a", path: "/a" },
            { volumeId: "b", path: "/b" },
          ],
        },
      }),
      errors: ["allows at most 1 item(s) at /mounts/network"],
    },
    { case: "cloud PRIVATE", body: gpuPod({ cloud: "PRIVATE" }), errors: ["must be one of SECURE, COMMUNITY at /cloud"] },
    {
      case: "a port without protocol and one out of range",
      body: gpuPod({ ports: ["8888", "70000/tcp"] }),
      errors: ["must be PORT/http or PORT/tcp at /ports/0", "port number must be between 1 and 65535 at /ports/1"],
    },
    { case: "a non-string env value", body: gpuPod({ env: { DEBUG: 1 } }), errors: ["expected string at /env/DEBUG"] },
    { case: "registry as a number", body: gpuPod({ registry: 7 }), errors: ["expected string at /registry"] },
    {
      case: "a malformed CUDA version",
      body: gpuPod({ gpu: { id: "NVIDIA L40S", minCudaVersion: "12" } }),
      errors: ["must be a CUDA version like 12.4 at /gpu/minCudaVersion"],
    },
    {
      case: "several failures at once",
      body: { name: "", gpu: { id: "NVIDIA L40S", count: 0 }, disk: -1 },
      errors: ["must not be empty at /name", "missing required property at /image", "must be >= 1 at /gpu/count", "must be >= 1 at /disk"],
    },
  ])("$case", async ({ body, errors }) => {
    expectProblem(await create(body), 400, "Request body failed validation", errors);
  });
});

describe("rules: 400 naming the rule", () => {
  test.each([
    { case: "neither gpu nor cpu", body: { name: "n", image: "i" }, detail: "Exactly one of gpu or cpu must be set" },
    {
      case: "both gpu and cpu",
      body: { ...gpuPod(), cpu: { id: "cpu3c", vcpuCount: 2, memory: 2 } },
      detail: "Exactly one of gpu or cpu must be set",
    },
    { case: "unknown GPU", body: gpuPod({ gpu: { id: "NVIDIA B9000" } }), detail: 'Unknown GPU type "NVIDIA B9000"' },
    { case: "unknown CPU flavor", body: cpuPod({ cpu: { id: "cpu9z", vcpuCount: 2, memory: 2 } }), detail: 'Unknown CPU flavor "cpu9z"' },
    {
      case: "GPU not offered in the cloud",
      body: gpuPod({ gpu: { id: "AMD Instinct MI300X OAM" }, cloud: "COMMUNITY" }),
      detail: 'GPU type "AMD Instinct MI300X OAM" is not offered in the COMMUNITY cloud',
    },
    {
      case: "gpu.count above the secure maximum",
      body: gpuPod({ gpu: { id: "NVIDIA A100 80GB PCIe", count: 9 } }),
      detail: 'gpu.count 9 exceeds 8, the most "NVIDIA A100 80GB PCIe" allows in the SECURE cloud',
    },
    {
      case: "gpu.count above the community maximum",
      body: gpuPod({ gpu: { id: "NVIDIA A100 80GB PCIe", count: 5 }, cloud: "COMMUNITY" }),
      detail: 'gpu.count 5 exceeds 4, the most "NVIDIA A100 80GB PCIe" allows in the COMMUNITY cloud',
    },
    {
      case: "allowedCudaVersions with minCudaVersion",
      body: gpuPod({ gpu: { id: "NVIDIA L40S", allowedCudaVersions: ["12.4"], minCudaVersion: "12.0" } }),
      detail: "gpu.allowedCudaVersions and gpu.minCudaVersion are mutually exclusive",
    },
    {
      case: "a CUDA constraint no host meets",
      body: gpuPod({ gpu: { id: "NVIDIA L40S", minCudaVersion: "12.9" } }),
      detail: 'No "NVIDIA L40S" host matches the CUDA constraint; CUDA versions offered: 12.8, 12.6, 12.4',
    },
    {
      case: "vcpuCount beyond the flavor",
      body: cpuPod({ cpu: { id: "cpu3c", vcpuCount: 64, memory: 8 } }),
      detail: 'cpu.vcpuCount 64 is outside 2..32, the range of "cpu3c"',
    },
    {
      case: "memory beyond vcpuCount × ramGbPerVcpu",
      body: cpuPod({ cpu: { id: "cpu3c", vcpuCount: 8, memory: 17 } }),
      detail: 'cpu.memory 17 GB exceeds 16 GB, the most "cpu3c" gives 8 vCPUs',
    },
    { case: "CPU pod in the community cloud", body: cpuPod({ cloud: "COMMUNITY" }), detail: "CPU pods run only in the SECURE cloud" },
    {
      case: "an unknown data center preference",
      body: gpuPod({ dataCenterIds: ["MARS-1"] }),
      detail: 'Unknown data center "MARS-1" in dataCenterIds',
    },
    {
      case: "preferred data centers that do not offer the GPU",
      body: gpuPod({ gpu: { id: "NVIDIA H100 80GB HBM3" }, dataCenterIds: ["US-TX-3", "CA-MTL-1"] }),
      detail: '"NVIDIA H100 80GB HBM3" is not offered in any of US-TX-3, CA-MTL-1',
    },
  ])("$case", async ({ body, detail }) => {
    expectProblem(await create(body), 400, detail);
  });
});

describe("a created pod", () => {
  test("answers 201 with every required field, defaults applied, and gpu but no cpu", async () => {
    const answer = await create(gpuPod());
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{10}$/),
      name: "trainer",
      status: "PROVISIONING",
      actions: ["stop", "terminate"],
      image: "org/trainer:1.2",
      args: "",
      disk: 20,
      mounts: {},
      ports: [],
      env: {},
      registry: null,
      gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 },
      cloud: "SECURE",
      dataCenterId: "US-TX-3",
      cudaVersion: null,
      ssh: { proxy: null, direct: null },
      template: null,
      cost: 0.59,
      locked: false,
      runtime: null,
      createdAt: new Date(clock.now).toISOString(),
      startedAt: null,
      globalNetworking: { enabled: false },
    });
    expect((await harness.call("GET", `/v2/pods/${answer.body.id}`)).body).toEqual(answer.body);
  });

  test("a CPU pod carries cpu but no gpu, and costs securePerVcpu × vcpuCount", async () => {
    const { body } = await create(cpuPod({ cpu: { id: "cpu3g", vcpuCount: 8, memory: 32 } }));
    expect(body.cpu).toEqual({ id: "cpu3g", vcpuCount: 8, memory: 32 });
    expect("gpu" in body).toBe(false);
    expect(body.cost).toBe(0.32);
    expect(body.dataCenterId).toBe("US-TX-3");
  });

  test("given fields are kept", async () => {
    const registry = await createRegistry(harness);
    const { body } = await create(
      gpuPod({
        gpu: { id: "NVIDIA L40S", count: 2 },
        cloud: "COMMUNITY",
        args: "--epochs 3",
        disk: 50,
        env: { MODEL: "llama" },
        ports: ["8888/http", "22/tcp"],
        registry,
      }),
    );
    expect(body).toMatchObject({
      gpu: { id: "NVIDIA L40S", count: 2 },
      cloud: "COMMUNITY",
      args: "--epochs 3",
      disk: 50,
      env: { MODEL: "llama" },
      ports: ["8888/http", "22/tcp"],
      registry,
      cost: 1.58,
    });
  });

  test.each([
    { case: "the first catalog data center offering the GPU", gpu: "NVIDIA H100 80GB HBM3", prefer: undefined, expected: "US-CA-2" },
    { case: "an empty preference list lets the scheduler choose", gpu: "NVIDIA H100 80GB HBM3", prefer: [], expected: "US-CA-2" },
    { case: "the first preferred one", gpu: "NVIDIA H100 80GB HBM3", prefer: ["EU-SE-1", "US-CA-2"], expected: "EU-SE-1" },
    {
      case: "preferred ones lacking the GPU are skipped",
      gpu: "NVIDIA A100 80GB PCIe",
      prefer: ["EU-SE-1", "EU-RO-1"],
      expected: "EU-RO-1",
    },
  ])("is scheduled into $case", async ({ gpu, prefer, expected }) => {
    const { body } = await create(gpuPod({ gpu: { id: gpu }, ...(prefer === undefined ? {} : { dataCenterIds: prefer }) }));
    expect(body.dataCenterId).toBe(expected);
  });

  test.each([
    { case: "the newest version by default", gpu: {}, expected: "12.8" },
    { case: "an allowed version", gpu: { allowedCudaVersions: ["12.4", "12.6"] }, expected: "12.6" },
    { case: "the newest version above a floor", gpu: { minCudaVersion: "12.5" }, expected: "12.8" },
    { case: "an empty allowed list with a floor", gpu: { allowedCudaVersions: [], minCudaVersion: "12.0" }, expected: "12.8" },
  ])("lands on a host with $case", async ({ gpu, expected }) => {
    const { body } = await create(gpuPod({ gpu: { id: "NVIDIA L40S", ...gpu } }));
    clock.advance(200);
    expect((await harness.call("GET", `/v2/pods/${body.id}`)).body.cudaVersion).toBe(expected);
  });

  test("startSsh injects the account's SSH keys as PUBLIC_KEY unless the body sets one", async () => {
    const injected = await create(gpuPod({ startSsh: true }));
    const kept = await create(gpuPod({ startSsh: true, env: { PUBLIC_KEY: "ssh-rsa mine" } }));
    const noKeys = await harness.call("POST", "/v2/pods", { key: "keyless", body: gpuPod({ startSsh: true }) });
    expect([injected.body.env, kept.body.env, noKeys.body.env]).toEqual([
      { PUBLIC_KEY: DEFAULT_ACCOUNT_SSH_KEY },
      { PUBLIC_KEY: "ssh-rsa mine" },
      {},
    ]);
  });

  test("startJupyter injects a random JUPYTER_PASSWORD unless the body sets one", async () => {
    const first = await create(gpuPod({ startJupyter: true }));
    const second = await create(gpuPod({ startJupyter: true }));
    const kept = await create(gpuPod({ startJupyter: true, env: { JUPYTER_PASSWORD: "hunter2" } }));
    expect(first.body.env.JUPYTER_PASSWORD).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(second.body.env.JUPYTER_PASSWORD).not.toBe(first.body.env.JUPYTER_PASSWORD);
    expect(kept.body.env).toEqual({ JUPYTER_PASSWORD: "hunter2" });
  });

  test("globalNetworking gives a private address and an internal DNS name", async () => {
    const { body } = await create(gpuPod({ globalNetworking: true }));
    expect(body.globalNetworking).toEqual({
      enabled: true,
      ip: expect.stringMatching(/^10\.\d+\.\d+\.\d+$/),
      internalDns: `${body.id}.computeplatform.internal`,
    });
  });

  test("is listed under pods", async () => {
    const { body } = await create(gpuPod({ name: "listed" }));
    const list = await harness.call("GET", "/v2/pods");
    expect(list.body.pods.find((pod: { id: string }) => pod.id === body.id)).toEqual(body);
  });
});
