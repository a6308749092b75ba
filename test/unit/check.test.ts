import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { check as checkPod } from "../../provider/resources/pod.provider";
import { check as checkVolume } from "../../provider/resources/networkVolume.provider";
import { propertyPath, UNKNOWN } from "../../provider/resources/dynamic";

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
    ["both mount kinds", { mounts: { persistent: { size: 20, path: "/a" }, network: [{ volumeId: "v", path: "/b" }] } }, "mounts", "persistent and network mounts are mutually exclusive"],
    ["vcpuCount 3", { gpu: undefined, cpu: { id: "cpu3c", vcpuCount: 3, memory: 4 } }, "cpu.vcpuCount", "must be a power of two (2, 4, 8, ...)"],
    ["vcpuCount 1", { gpu: undefined, cpu: { id: "cpu3c", vcpuCount: 1, memory: 4 } }, "cpu.vcpuCount", "Too small: expected number to be >=2"],
    ["neither gpu nor cpu", { gpu: undefined }, "gpu", "exactly one of gpu and cpu is required"],
    ["both gpu and cpu", { cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 } }, "cpu", "exactly one of gpu and cpu is required"],
    ["persistent on cpu", { gpu: undefined, cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 }, mounts: { persistent: { size: 20, path: "/a" } } }, "mounts.persistent", "persistent mounts are not allowed on CPU pods; use a network volume"],
    ["persistent size 9", { mounts: { persistent: { size: 9, path: "/a" } } }, "mounts.persistent.size", "Too small: expected number to be >=10"],
    ["two network mounts", { mounts: { network: [{ volumeId: "a", path: "/a" }, { volumeId: "b", path: "/b" }] } }, "mounts.network", "Too big: expected array to have <=1 items"],
    ["partial network mount", { mounts: { network: [{ volumeId: "a" }] } }, "mounts.network[0].path", "Invalid input: expected string, received undefined"],
    ["relative mount path", { mounts: { network: [{ volumeId: "a", path: "data" }] } }, "mounts.network[0].path", "must be an absolute path"],
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
    const result = await checkPod({ ...valid, mounts: { persistent: { size: 50, path: "/a" } } }, { ...valid, mounts: { persistent: { size: 20, path: "/a" } } });
    expect(result.failures).toEqual([{ property: "mounts.persistent.size", reason: "cannot shrink from 50 to 20 GB: a persistent mount only grows" }]);
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
