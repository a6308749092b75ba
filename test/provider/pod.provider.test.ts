// The Pod and NetworkVolume providers against the real emulator over HTTP, called as the engine calls them. The
// provider's clock is the emulator's, moved by the provider's own pauses: a wait for a pod takes no real time.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import * as pod from "../../provider/resources/pod.provider";
import * as volume from "../../provider/resources/networkVolume/networkVolume.provider";
import { configure, MissingSettingError, resolveSettings } from "../../provider/config";
import type { PodOutputs } from "../../provider/resources/pod/outputs";
import type { PodInputs } from "../../provider/resources/pod/inputs";
import { volumeEstimate } from "./expectedCosts";
import { providerOnClock } from "../support/providerClock";
import { emulatorForProvider, passedCheck, writes } from "./providerHarness";

const checked = (inputs: PodInputs, olds: Partial<PodInputs> = {}) => passedCheck(pod.check, inputs, olds);

describe("Pod provider", () => {
  let emulator: Emulator;
  let volumeId: string;
  let otherVolumeId: string;
  let restoreClock: () => void;
  const base = (overrides: Partial<PodInputs> = {}): PodInputs => ({
    name: "trainer",
    image: "org/trainer:1.2",
    gpu: { id: "NVIDIA A100 80GB PCIe", count: 1 },
    mounts: { network: [{ volumeId, path: "/workspace" }] },
    ports: ["22/tcp"],
    startSsh: true,
    ...overrides,
  });

  beforeAll(async () => {
    emulator = await emulatorForProvider({ faults: { failPodsNamed: "^doomed" } });
    restoreClock = providerOnClock(emulator.clock);
    const v1 = await volume.create({ name: "data", size: 50, dataCenter: "US-TX-3", type: "STANDARD" });
    const v2 = await volume.create({ name: "data2", size: 50, dataCenter: "US-TX-3", type: "STANDARD" });
    volumeId = v1.id;
    otherVolumeId = v2.id;
  });
  afterAll(async () => {
    restoreClock();
    await emulator.close();
  });
  beforeEach(() => emulator.resetRequests());

  it("creates a pod and waits until it is RUNNING", async () => {
    const inputs = await checked(base());
    const { id, outs } = await pod.create(inputs);
    expect(outs!.status).toBe("RUNNING");
    expect(outs!.dataCenterId).toBe("US-TX-3");
    expect(outs!.ssh.direct).not.toBeNull();
    expect(outs!.env.PUBLIC_KEY).toMatch(/^ssh-/);
    expect(emulator.snapshot().pods.map((p) => [p.id, p.status])).toEqual([[id, "RUNNING"]]);
    // The wait lists pods; it never polls the pod by id.
    expect(emulator.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v2/pods/"))).toEqual([]);
    await pod.delete(id);
    expect(emulator.snapshot().pods).toEqual([]);
  });

  describe("with a running pod", () => {
    let id: string;
    let outs: PodOutputs;
    beforeAll(async () => {
      const created = await pod.create(await checked(base()));
      id = created.id;
      outs = created.outs!;
    });
    afterAll(async () => pod.delete(id));

    it("reads an unchanged pod back without inputs, and a renamed one with the live inputs", async () => {
      const unchanged = await pod.read(id, outs);
      expect(unchanged).toEqual({ id, props: expect.objectContaining({ name: "trainer", status: "RUNNING" }) });
      expect("runtime" in unchanged.props!).toBe(false);
      await fetch(`${emulator.url}/v2/pods/${id}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${resolveSettings().apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "renamed-elsewhere" }),
      });
      const drifted = await pod.read(id, outs);
      expect(drifted.inputs).toMatchObject({ name: "renamed-elsewhere", image: "org/trainer:1.2", startSsh: true });
      expect(await pod.diff(id, drifted.props as PodOutputs, await checked(base()))).toEqual({ changes: true, replaces: [] });
      const { outs: restored } = await pod.update(id, drifted.props as PodOutputs, await checked(base()));
      expect(restored!.name).toBe("trainer");
      outs = restored!;
    });

    it("reports no changes for the same arguments (injected PUBLIC_KEY included)", async () => {
      expect(await pod.diff(id, outs, await checked(base()))).toEqual({ changes: false, replaces: [] });
    });

    it("changes a mount path with one in-place PATCH and no replacement", async () => {
      const news = await checked(base({ mounts: { network: [{ volumeId, path: "/data" }] } }));
      expect(await pod.diff(id, outs, news)).toEqual({ changes: true, replaces: [] });
      emulator.resetRequests();
      const { outs: updated } = await pod.update(id, outs, news);
      expect(writes(emulator)).toEqual([`PATCH /v2/pods/${id}`]);
      expect(updated!.mounts).toEqual({ network: [{ volumeId, path: "/data" }] });
      expect(updated!.status).toBe("RUNNING");
      expect(emulator.snapshot().pods.find((p) => p.id === id)!.mounts).toEqual({ network: [{ volumeId, path: "/data" }] });
      outs = updated!;
    });

    it.each([
      ["a gpu type", { gpu: { id: "NVIDIA H100 80GB HBM3", count: 1 } }, ["gpu"]],
      ["a volume", { mounts: { network: [{ volumeId: "__other__", path: "/data" }] } }, ["mounts"]],
      ["the cloud", { cloud: "COMMUNITY" as const }, ["cloud"]],
      ["the mount kind", { mounts: { persistent: { size: 20, path: "/data" } } }, ["mounts"]],
    ])("replaces on %s", async (_label, change, replaces) => {
      const args = JSON.parse(JSON.stringify(base(change)).replace("__other__", otherVolumeId)) as PodInputs;
      expect(await pod.diff(id, outs, await checked(args))).toEqual({ changes: true, replaces });
    });

    it("stops and starts the pod through desiredStatus", async () => {
      const current = { ...base({ mounts: { network: [{ volumeId, path: "/data" }] } }) };
      const { outs: stopped } = await pod.update(id, outs, await checked({ ...current, desiredStatus: "EXITED" }));
      expect([stopped!.status, stopped!.cost, stopped!.ssh.direct]).toEqual(["EXITED", 0, null]);
      expect(writes(emulator)).toEqual([`POST /v2/pods/${id}/action`]);
      const { outs: started } = await pod.update(id, stopped!, await checked(current));
      expect(started!.status).toBe("RUNNING");
      outs = started!;
    });

    it("stops a locked pod through desiredStatus and keeps it locked", async () => {
      const current = base({ mounts: { network: [{ volumeId, path: "/data" }] } });
      const { outs: locked } = await pod.update(id, outs, await checked({ ...current, locked: true }));
      expect([locked!.status, locked!.locked]).toEqual(["RUNNING", true]);
      emulator.resetRequests();
      const { outs: stopped } = await pod.update(id, locked!, await checked({ ...current, locked: true, desiredStatus: "EXITED" }));
      expect([stopped!.status, stopped!.locked]).toEqual(["EXITED", true]);
      expect(writes(emulator)).toEqual([`PATCH /v2/pods/${id}`, `POST /v2/pods/${id}/action`, `PATCH /v2/pods/${id}`]);
      const { outs: started } = await pod.update(id, stopped!, await checked(current));
      expect([started!.status, started!.locked]).toEqual(["RUNNING", false]);
      outs = started!;
    });

    it("notices a pod that went to ERROR on refresh and starts it again on update", async () => {
      const current = await checked(base({ mounts: { network: [{ volumeId, path: "/data" }] } }));
      emulator.faults.failPod(id);
      const refreshed = await pod.read(id, outs);
      expect(refreshed.props).toMatchObject({ status: "ERROR" });
      expect(await pod.diff(id, refreshed.props as PodOutputs, current)).toEqual({ changes: true, replaces: [] });
      emulator.resetRequests();
      const { outs: recovered } = await pod.update(id, refreshed.props as PodOutputs, current);
      expect(recovered!.status).toBe("RUNNING");
      expect(writes(emulator)).toEqual([`POST /v2/pods/${id}/action`]);
      outs = recovered!;
    });

    it("records a failed update with the engine's provider, so that refresh and destroy still work", async () => {
      const engineProvider = 'exports.handler = () => require("pulumi-computeplatform/dist/provider/resources/pod.provider.js")';
      const failing = { ...(await checked(base({ name: "doomed-update", image: "org/trainer:9" }))), __provider: engineProvider };
      const error = (await pod.update(id, outs, failing).catch((e: unknown) => e)) as Error & {
        id: string;
        properties: Record<string, unknown>;
        reasons: string[];
      };
      expect(error.message).toBe(`pod ${id} (doomed-update) did not reach RUNNING after the update: pod ${id} went to ERROR`);
      expect(error.id).toBe(id);
      expect(error.reasons).toEqual([error.message]);
      expect(error.properties).toMatchObject({
        __provider: engineProvider,
        status: "ERROR",
        name: "doomed-update",
        image: "org/trainer:9",
      });
      const { outs: recovered } = await pod.update(
        id,
        error.properties as PodOutputs,
        await checked(base({ mounts: { network: [{ volumeId, path: "/data" }] } })),
      );
      expect(recovered!.status).toBe("RUNNING");
      outs = recovered!;
    });

    it("refuses to replace an adopted pod while adopt still names it", async () => {
      const adoptedArgs = await checked({ ...base({ gpu: { id: "NVIDIA L40S", count: 1 } }), adopt: id });
      await expect(pod.diff(id, outs, adoptedArgs)).rejects.toThrow(
        `pod ${id} was adopted and gpu cannot change in place. Replacing it would delete the adopted resource and adopt it again; ` +
          "remove `adopt` from its arguments to let Pulumi create a new one and delete the old one.",
      );
    });

    it("adopts an existing pod, after which the same arguments show no changes", async () => {
      const args = await checked({ ...base({ mounts: { network: [{ volumeId, path: "/data" }] } }), adopt: id });
      emulator.resetRequests();
      const adopted = await pod.create(args);
      expect(adopted.id).toBe(id);
      expect(writes(emulator)).toEqual([]);
      expect(await pod.diff(id, adopted.outs!, args)).toEqual({ changes: false, replaces: [] });
    });

    it("refuses to adopt a pod whose fixed fields differ, naming them", async () => {
      const args = await checked({ ...base({ gpu: { id: "NVIDIA L40S", count: 1 } }), adopt: id });
      await expect(pod.create(args)).rejects.toThrow(
        `adopt: pod "${id}" differs from the arguments in gpu, which cannot change in place; declare the pod's current values or create a new pod instead`,
      );
    });
  });

  it.each([
    ["both mount kinds", { mounts: { persistent: { size: 20, path: "/a" }, network: [{ volumeId: "v", path: "/b" }] } }, "mounts"],
    ["vcpuCount 3", { gpu: undefined, cpu: { id: "cpu3c", vcpuCount: 3, memory: 4 }, mounts: undefined }, "cpu.vcpuCount"],
  ])("rejects %s in check with zero API calls", async (_label, change, property) => {
    const result = await pod.check({}, base(change as Partial<PodInputs>));
    expect(result.failures?.map((f) => f.property)).toEqual([property]);
    expect(emulator.requests).toEqual([]);
  });

  it("deletes a pod that goes to ERROR and fails, leaving nothing behind", async () => {
    const before = emulator.snapshot().pods.length;
    const error = (await pod.create(await checked(base({ name: "doomed-1" }))).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(
      /^pod "doomed-1" did not become RUNNING: pod \w+ went to ERROR\. It was deleted; nothing was left behind\.$/,
    );
    expect("id" in error).toBe(false);
    expect(emulator.snapshot().pods.length).toBe(before);
  });

  it("takes over the pod a create made when the answer to that create was lost", async () => {
    emulator.faults.loseResponses(1, { method: "POST", path: "/v2/pods" });
    const { id, outs } = await pod.create(await checked(base({ name: "answer-lost" })));
    const matching = emulator.snapshot().pods.filter((p) => p.name === "answer-lost");
    expect(matching.map((p) => [p.id, p.status])).toEqual([[id, "RUNNING"]]);
    expect(outs!.status).toBe("RUNNING");
    expect(emulator.requests.filter((r) => r.method === "POST").map((r) => r.status)).toEqual([0]);
    await pod.delete(id);
  });

  it("reads a pod deleted out of band as gone, so refresh drops it", async () => {
    const { id, outs } = await pod.create(await checked(base({ name: "ephemeral" })));
    await fetch(`${emulator.url}/v2/pods/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${resolveSettings().apiKey}` } });
    expect(await pod.read(id, outs!)).toEqual({ id: "" });
    await expect(pod.delete(id)).resolves.toBeUndefined();
  });

  it("names both ways to configure a missing key", async () => {
    await configure({ config: { get: () => undefined, require: () => "" } });
    try {
      expect(() => resolveSettings({})).toThrow(new MissingSettingError("apiKey"));
      expect(() => resolveSettings({})).toThrow(
        "apiKey is not set: run `pulumi config set --secret computeplatform:apiKey` (it prompts for the value) or set the environment variable COMPUTEPLATFORM_API_KEY",
      );
      expect(resolveSettings({ COMPUTEPLATFORM_API_KEY: "k", COMPUTEPLATFORM_API_URL: "http://x" })).toEqual({
        apiKey: "k",
        apiUrl: "http://x",
        jobUrl: "http://x",
      });
    } finally {
      await emulatorConfigRestore(emulator);
    }
  });
});

async function emulatorConfigRestore(emulator: Emulator): Promise<void> {
  const config: Record<string, string> = { "computeplatform:apiKey": "sk-provider-test-key-5f2c", "computeplatform:apiUrl": emulator.url };
  await configure({ config: { get: (key) => config[key], require: (key) => config[key]! } });
}

describe("NetworkVolume provider", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await emulatorForProvider();
  });
  afterAll(async () => emulator.close());

  it("grows and renames in place, replaces on data center and type, and survives refresh after delete", async () => {
    const inputs = (await volume.check({}, { name: "vol", size: 20, dataCenter: "US-TX-3" })).inputs!;
    const { id, outs } = await volume.create(inputs);
    expect(outs).toEqual({ name: "vol", size: 20, dataCenter: "US-TX-3", type: "STANDARD", ...volumeEstimate(20) });

    const grown = (await volume.check(inputs, { name: "vol2", size: 40, dataCenter: "US-TX-3" })).inputs!;
    expect(await volume.diff(id, outs!, grown)).toEqual({ changes: true, replaces: [] });
    emulator.resetRequests();
    const { outs: updated } = await volume.update(id, outs!, grown);
    expect(writes(emulator)).toEqual([`PATCH /v2/network-volumes/${id}`]);
    expect(updated).toEqual({ name: "vol2", size: 40, dataCenter: "US-TX-3", type: "STANDARD", ...volumeEstimate(40) });

    expect(await volume.diff(id, updated!, { ...grown, dataCenter: "US-CA-2" })).toEqual({ changes: true, replaces: ["dataCenter"] });
    expect(await volume.diff(id, updated!, { ...grown, type: "HIGH_PERFORMANCE" })).toEqual({ changes: true, replaces: ["type"] });

    emulator.faults.loseResponses(1, { method: "POST", path: "/v2/network-volumes" });
    const recovered = await volume.create({ ...inputs, name: "lost-answer" });
    expect(
      emulator
        .snapshot()
        .networkVolumes.filter((v) => v.name === "lost-answer")
        .map((v) => v.id),
    ).toEqual([recovered.id]);
    await volume.delete(recovered.id);

    const adopted = await volume.create({ ...grown, adopt: id });
    expect(adopted).toEqual({ id, outs: updated });

    await volume.delete(id);
    expect(await volume.read(id)).toEqual({ id: "" });
    await expect(volume.delete(id)).resolves.toBeUndefined();
    expect(emulator.snapshot().networkVolumes).toEqual([]);
  });
});
