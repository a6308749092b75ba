import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { kinds } from "../../provider/kindRegistry";
import { propertyPath } from "../../provider/resources/lifecycle/validate";
import { UNKNOWN } from "../../provider/values/unknown";
import { type ManifestResourceType } from "../../provider/manifest/document";
import { resourceKinds } from "../../provider/manifest/resourceKinds";

// The rules and defaults of `check`; the cost estimate it adds from the catalog is tested against the emulator (test/provider/*Cost.provider.test.ts).
const checkPod = kinds.Pod.offlineCheck;
const checkVolume = kinds.NetworkVolume.offlineCheck;

const valid = { name: "trainer", image: "org/trainer:1.2", gpu: { id: "NVIDIA A100 80GB PCIe" } };

describe("Pod check", () => {
  it("applies the documented defaults", async () => {
    expect(await checkPod({}, valid)).toEqual({
      inputs: {
        ...valid,
        gpu: { id: "NVIDIA A100 80GB PCIe", count: 1 },
        cloud: "SECURE",
        args: "",
        env: {},
        ports: [],
        registry: null,
        globalNetworking: false,
        startSsh: false,
        startJupyter: false,
        locked: false,
        desiredStatus: "RUNNING",
        readyTimeoutSeconds: 600,
      },
    });
  });

  it.each([
    [
      "both mount kinds",
      { mounts: { persistent: { size: 20, path: "/a" }, network: [{ volumeId: "v", path: "/b" }] } },
      "mounts",
      "persistent and network mounts are mutually exclusive",
    ],
    [
      "a persistent mount beside an empty network list",
      { mounts: { persistent: { size: 20, path: "/a" }, network: [] } },
      "mounts",
      "persistent and network mounts are mutually exclusive",
    ],
    [
      "vcpuCount 3",
      { gpu: undefined, cpu: { id: "cpu3c", vcpuCount: 3, memory: 4 } },
      "cpu.vcpuCount",
      "must be a power of two (2, 4, 8, ...)",
    ],
    [
      "vcpuCount 1",
      { gpu: undefined, cpu: { id: "cpu3c", vcpuCount: 1, memory: 4 } },
      "cpu.vcpuCount",
      "Too small: expected number to be >=2",
    ],
    ["neither gpu nor cpu", { gpu: undefined }, "gpu", "exactly one of gpu and cpu is required"],
    ["both gpu and cpu", { cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 } }, "cpu", "exactly one of gpu and cpu is required"],
    [
      "persistent on cpu",
      { gpu: undefined, cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 }, mounts: { persistent: { size: 20, path: "/a" } } },
      "mounts.persistent",
      "persistent mounts are not allowed on CPU pods; use a network volume",
    ],
    [
      "placement on cpu",
      { gpu: undefined, cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 }, placement: { alternatives: [{ id: "NVIDIA L40S" }] } },
      "placement",
      "placement chooses among GPU configurations: set `gpu` too",
    ],
    ["placement order", { placement: { order: "fastest" } }, "placement.order", 'Invalid option: expected one of "listed"|"cheapest"'],
    [
      "placement of 17 alternatives",
      { placement: { alternatives: Array.from({ length: 17 }, () => ({ id: "NVIDIA L40S" })) } },
      "placement.alternatives",
      "Too big: expected array to have <=16 items",
    ],
    [
      "persistent size 9",
      { mounts: { persistent: { size: 9, path: "/a" } } },
      "mounts.persistent.size",
      "Too small: expected number to be >=10",
    ],
    [
      "two network mounts",
      {
        mounts: {
          network: [
            { volumeId: "a", path: "/a" },
            { volumeId: "b", path: "/b" },
          ],
        },
      },
      "mounts.network",
      "Too big: expected array to have <=1 items",
    ],
    ["partial network mount", { mounts: { network: [{ volumeId: "a" }] } }, "mounts.network[0].path", "required"],
    [
      "a mount path that is not a string",
      { mounts: { network: [{ volumeId: "a", path: 5 }] } },
      "mounts.network[0].path",
      "Invalid input: expected string, received number",
    ],
    ["gpu count 0", { gpu: { id: "x", count: 0 } }, "gpu.count", "Too small: expected number to be >=1"],
    ["disk 0", { disk: 0 }, "disk", "Too small: expected number to be >=1"],
    ["bad port", { ports: ["22/udp"] }, "ports[0]", 'must be "<port>/http" or "<port>/tcp" with a port from 1 to 65535'],
    ["port 70000", { ports: ["70000/tcp"] }, "ports[0]", 'must be "<port>/http" or "<port>/tcp" with a port from 1 to 65535'],
    ["bad cloud", { cloud: "PRIVATE" }, "cloud", 'Invalid option: expected one of "SECURE"|"COMMUNITY"'],
    ["unknown property", { gpus: 2 }, "gpus", "unknown property"],
    ["unknown nested property", { gpu: { id: "x", type: "a100" } }, "gpu.type", "unknown property"],
    ["timeout 0", { readyTimeoutSeconds: 0 }, "readyTimeoutSeconds", "Too small: expected number to be >=1"],
  ])("rejects %s naming the property", async (_label, change, property, reason) => {
    const result = await checkPod({}, { ...valid, ...change } as never);
    expect(result.failures).toEqual([{ property, reason }]);
    expect(result.inputs).toBeUndefined();
  });

  it("accepts what the API accepts: an empty image, a relative mount path, and an empty dataCenterIds, read as none", async () => {
    const result = await checkPod({}, { ...valid, image: "", dataCenterIds: [], mounts: { network: [{ volumeId: "v", path: "data" }] } });
    expect(result.failures).toBeUndefined();
    expect(result.inputs).toMatchObject({ image: "", mounts: { network: [{ volumeId: "v", path: "data" }] } });
    expect(result.inputs && "dataCenterIds" in result.inputs).toBe(false);
  });

  it("requires an image unless the pod starts from a template", async () => {
    expect((await checkPod({}, { ...valid, image: undefined } as never)).failures).toEqual([
      { property: "image", reason: "required unless templateId is set" },
    ]);
  });

  it("keeps an empty network list on a pod made from a template: it declines the template's mount", async () => {
    const declining = { name: "trainer", templateId: "tpl1", gpu: { id: "NVIDIA A100 80GB PCIe" }, mounts: { network: [] } };
    expect((await checkPod({}, declining)).inputs?.mounts).toEqual({ network: [] });
    expect((await checkPod({}, { ...valid, mounts: { network: [] } })).inputs?.mounts).toBeUndefined();
  });

  it("leaves the fields a template supplies unset on a pod made from one", async () => {
    const fromTemplate = { name: "trainer", templateId: "tpl1", gpu: { id: "NVIDIA A100 80GB PCIe" } };
    expect(await checkPod({}, fromTemplate)).toEqual({
      inputs: {
        ...fromTemplate,
        gpu: { id: "NVIDIA A100 80GB PCIe", count: 1 },
        cloud: "SECURE",
        env: {},
        globalNetworking: false,
        locked: false,
        desiredStatus: "RUNNING",
        readyTimeoutSeconds: 600,
      },
    });
  });

  it("refuses to shrink a persistent mount", async () => {
    const result = await checkPod(
      { ...valid, mounts: { persistent: { size: 50, path: "/a" } } },
      { ...valid, mounts: { persistent: { size: 20, path: "/a" } } },
    );
    expect(result.failures).toEqual([
      { property: "mounts.persistent.size", reason: "cannot shrink from 50 to 20 GB: a persistent mount only grows" },
    ]);
  });

  it("lets values unknown at preview pass, and still applies defaults", async () => {
    const result = await checkPod({}, { ...valid, disk: UNKNOWN as never, mounts: { network: [{ volumeId: UNKNOWN, path: "/w" }] } });
    expect(result.failures).toBeUndefined();
    expect(result.inputs).toMatchObject({ disk: UNKNOWN, cloud: "SECURE", mounts: { network: [{ volumeId: UNKNOWN, path: "/w" }] } });
  });

  it("treats an empty network list as no mount", async () => {
    const result = await checkPod({}, { ...valid, mounts: { network: [] } });
    expect(result.inputs && "mounts" in result.inputs).toBe(false);
  });

  it("accepts every power of two from 2 up and rejects every other vcpuCount", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -4, max: 4096 }), async (vcpuCount) => {
        const result = await checkPod({}, { name: "c", image: "i", cpu: { id: "cpu3c", vcpuCount, memory: 4 } });
        const powerOfTwo = vcpuCount >= 2 && (vcpuCount & (vcpuCount - 1)) === 0;
        expect(result.failures === undefined).toBe(powerOfTwo);
      }),
    );
  });
});

describe("NetworkVolume check", () => {
  it.each([
    [{ size: 9 }, "size", "Too small: expected number to be >=10"],
    [{ size: 4097 }, "size", "Too big: expected number to be <=4096"],
    [{ type: "FAST" }, "type", 'Invalid option: expected one of "STANDARD"|"HIGH_PERFORMANCE"'],
    [{ dataCenter: "" }, "dataCenter", "Too small: expected string to have >=1 characters"],
    [{ region: "eu" }, "region", "unknown property"],
  ])("rejects %o naming the property", async (change, property, reason) => {
    const result = await checkVolume({}, { name: "data", size: 100, dataCenter: "US-TX-3", ...change } as never);
    expect(result.failures).toEqual([{ property, reason }]);
  });

  it("refuses to shrink", async () => {
    const result = await checkVolume({ name: "d", size: 100, dataCenter: "US-TX-3" }, { name: "d", size: 50, dataCenter: "US-TX-3" });
    expect(result.failures).toEqual([{ property: "size", reason: "cannot shrink from 100 to 50 GB: a network volume only grows" }]);
  });

  it("defaults the type", async () => {
    expect(await checkVolume({}, { name: "d", size: 10, dataCenter: "US-TX-3" })).toEqual({
      inputs: { name: "d", size: 10, dataCenter: "US-TX-3", type: "STANDARD" },
    });
  });
});

describe("check at preview", () => {
  const pod = { name: "trainer", image: "org/trainer:1.2", gpu: { id: "NVIDIA A100 80GB PCIe" } };
  const cpuPod = { name: "worker", image: "org/worker:1", cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 } };
  const volumeMount = { volumeId: UNKNOWN, path: "/w" };
  const cluster = {
    name: "c",
    type: "SLURM",
    image: "org/slurm:24",
    compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 2 },
  };
  const endpoint = {
    name: "api",
    type: "QUEUE",
    image: "org/api:1",
    gpu: { pools: ["ADA_24"] },
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
  };
  const KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA me@laptop";

  // Each row: arguments holding values unknown until apply, and exactly the failures that hold whatever they turn out to be.
  it.each<{ name: string; type: ManifestResourceType; args: object; failures: Array<{ property: string; reason: string }> }>([
    {
      name: "both mount kinds, the volume a reference",
      type: "Pod",
      args: { ...pod, mounts: { persistent: { size: 20, path: "/a" }, network: [volumeMount] } },
      failures: [{ property: "mounts", reason: "persistent and network mounts are mutually exclusive" }],
    },
    {
      name: "two network mounts of referenced volumes",
      type: "Pod",
      args: { ...pod, mounts: { network: [volumeMount, volumeMount] } },
      failures: [{ property: "mounts.network", reason: "Too big: expected array to have <=1 items" }],
    },
    {
      name: "gpu and cpu, the ids references",
      type: "Pod",
      args: { ...pod, gpu: { id: UNKNOWN }, cpu: { ...cpuPod.cpu, id: UNKNOWN } },
      failures: [{ property: "cpu", reason: "exactly one of gpu and cpu is required" }],
    },
    {
      name: "a persistent mount on a CPU pod of unknown flavor",
      type: "Pod",
      args: { ...cpuPod, cpu: { ...cpuPod.cpu, id: UNKNOWN }, mounts: { persistent: { size: UNKNOWN, path: "/a" } } },
      failures: [{ property: "mounts.persistent", reason: "persistent mounts are not allowed on CPU pods; use a network volume" }],
    },
    {
      name: "a bound on a known value beside an unknown number",
      type: "Pod",
      args: { ...cpuPod, disk: 0, cpu: { ...cpuPod.cpu, memory: UNKNOWN } },
      failures: [{ property: "disk", reason: "Too small: expected number to be >=1" }],
    },
    {
      name: "a misspelt argument beside an unknown one",
      type: "Pod",
      args: { ...pod, gpus: 2, image: UNKNOWN },
      failures: [{ property: "gpus", reason: "unknown property" }],
    },
    {
      name: "a CUDA floor beside a list, the GPU a reference",
      type: "Pod",
      args: { ...pod, gpu: { id: UNKNOWN, allowedCudaVersions: ["12.4"], minCudaVersion: "12.0" } },
      failures: [{ property: "gpu.minCudaVersion", reason: "cannot be set with a non-empty gpu.allowedCudaVersions" }],
    },
    { name: "a gpu that may turn out absent", type: "Pod", args: { ...cpuPod, gpu: UNKNOWN }, failures: [] },
    {
      name: "a persistent mount that may turn out absent",
      type: "Pod",
      args: { ...pod, mounts: { persistent: UNKNOWN, network: [volumeMount] } },
      failures: [],
    },
    {
      name: "a network list of unknown length",
      type: "Pod",
      args: { ...pod, mounts: { persistent: { size: 20, path: "/a" }, network: UNKNOWN } },
      failures: [],
    },
    { name: "an argument the pod lacks, its value unknown", type: "Pod", args: { ...pod, gpus: UNKNOWN }, failures: [] },
    {
      name: "no image and a template that may turn out absent",
      type: "Pod",
      args: { ...pod, image: undefined, templateId: UNKNOWN },
      failures: [],
    },
    {
      name: "a cluster with both mount kinds",
      type: "Cluster",
      args: { ...cluster, mounts: { persistent: { size: 20, path: "/a" }, network: [volumeMount] } },
      failures: [{ property: "mounts", reason: "persistent and network mounts are mutually exclusive" }],
    },
    {
      name: "a load balancer on queue delay, its image a reference",
      type: "ServerlessEndpoint",
      args: { ...endpoint, type: "LOAD_BALANCER", image: UNKNOWN },
      failures: [{ property: "scaling.type", reason: "a LOAD_BALANCER endpoint scales on REQUEST_COUNT" }],
    },
    {
      name: "workers.min above a known max, the name a reference",
      type: "ServerlessEndpoint",
      args: { ...endpoint, name: UNKNOWN, workers: { min: 5, max: 2 } },
      failures: [{ property: "workers.min", reason: "must not exceed workers.max (2)" }],
    },
    {
      name: "workers.min against an unknown max",
      type: "ServerlessEndpoint",
      args: { ...endpoint, workers: { min: 5, max: UNKNOWN } },
      failures: [],
    },
    {
      name: "a repeat after an unknown type, the same as a known earlier one",
      type: "ServerlessEndpoint",
      args: { ...endpoint, gpu: { pools: ["ADA_24"], excludedTypes: ["NVIDIA L4", UNKNOWN, "NVIDIA L4"] } },
      failures: [{ property: "gpu.excludedTypes[2]", reason: "duplicates gpu.excludedTypes[0]" }],
    },
    {
      name: "a repeat whose first occurrence may be an unknown one",
      type: "ServerlessEndpoint",
      args: { ...endpoint, gpu: { pools: ["ADA_24"], excludedTypes: [UNKNOWN, "NVIDIA L4", "NVIDIA L4"] } },
      failures: [],
    },
    {
      name: "a CPU config repeated after one of another flavor with unknown vCPUs",
      type: "ServerlessEndpoint",
      args: {
        ...endpoint,
        gpu: undefined,
        cpu: [
          { id: "cpu5c", vcpuCount: UNKNOWN },
          { id: "cpu3c", vcpuCount: 2 },
          { id: "cpu3c", vcpuCount: 2 },
        ],
      },
      failures: [{ property: "cpu[2]", reason: "duplicates cpu[1]" }],
    },
    {
      name: "a template network mount of a referenced volume",
      type: "Template",
      args: { name: "t", image: "i", mounts: { network: [volumeMount] } },
      failures: [
        { property: "mounts.network", reason: "a template mounts only persistent storage; mount network volumes on the pods instead" },
      ],
    },
    {
      name: "a volume too small in an unknown data center",
      type: "NetworkVolume",
      args: { name: "d", size: 5, dataCenter: UNKNOWN },
      failures: [{ property: "size", reason: "Too small: expected number to be >=10" }],
    },
    {
      name: "the same SSH key twice beside an unknown one",
      type: "AccountSshKeys",
      args: { keys: [KEY, UNKNOWN, `${KEY} again`] },
      failures: [{ property: "keys[2]", reason: "is the same key as keys[0]" }],
    },
  ])("$name", async ({ type, args, failures }) => {
    const result = await resourceKinds[type].check({}, args);
    expect(result.failures ?? []).toEqual(failures);
  });
});

describe("propertyPath", () => {
  it.each([
    [[], ""],
    [["name"], "name"],
    [["mounts", "network", 0, "path"], "mounts.network[0].path"],
    [["ports", 3], "ports[3]"],
  ])("%j is %s", (path, text) => {
    expect(propertyPath(path)).toBe(text);
  });
});
