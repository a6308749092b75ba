import { describe, expect, it } from "vitest";
import type { Pod } from "../../provider/resources/pod/inputs";
import type { CheckedPodInputs, PodInputs } from "../../provider/resources/pod/inputs";
import type { Named } from "../../provider/resources/autoName";
import { diffOf } from "../../provider/resources/lifecycle/diff";
import { fieldChanges } from "../../provider/resources/lifecycle/fieldChanges";
import { withDeclaredDefaults } from "../../provider/resources/lifecycle/declaredDefaults";
import { sameCreateRequest } from "../../provider/resources/pod/createRequest";
import { pod } from "../../provider/resources/pod/declaration";
import { podInheritedEnvKeys, type PodOutputs, podOutputs } from "../../provider/resources/pod/outputs";
import { podPatch } from "../../provider/resources/pod/patch";
import { withTemplateSettings } from "../../provider/resources/pod/templateSettings";
import { UNKNOWN } from "../../provider/values/unknown";

const withPodDefaults = (inputs: Named<PodInputs>): CheckedPodInputs => withDeclaredDefaults(pod, inputs);
const diffPod = (olds: PodOutputs, news: CheckedPodInputs) => diffOf(pod, olds, news);
const podUpdates = (olds: PodOutputs, news: CheckedPodInputs) => fieldChanges(pod, olds, news).updates;
const podReplacements = (olds: PodOutputs, news: CheckedPodInputs) => fieldChanges(pod, olds, news).replaces;

const livePod: Pod = {
  id: "p1",
  name: "trainer",
  status: "RUNNING",
  actions: ["stop", "restart", "terminate"],
  image: "org/trainer:1.2",
  args: "",
  disk: 20,
  mounts: { network: [{ volumeId: "vol1", path: "/workspace" }] },
  gpu: { id: "NVIDIA A100 80GB PCIe", count: 1 },
  ports: ["22/tcp"],
  env: { MODE: "train", PUBLIC_KEY: "ssh-ed25519 AAAA injected" },
  registry: null,
  cloud: "SECURE",
  dataCenterId: "US-TX-3",
  cudaVersion: "12.4",
  ssh: { proxy: null, direct: null },
  template: null,
  cost: 1.64,
  locked: false,
  globalNetworking: { enabled: false },
  runtime: null,
  createdAt: "2026-11-22T00:00:00Z",
  startedAt: "2026-11-22T00:00:10Z",
};

const declared = withPodDefaults({
  name: "trainer",
  image: "org/trainer:1.2",
  gpu: { id: "NVIDIA A100 80GB PCIe" },
  mounts: { network: [{ volumeId: "vol1", path: "/workspace" }] },
  ports: ["22/tcp"],
  env: { MODE: "train" },
  startSsh: true,
  dataCenterIds: ["US-TX-3", "US-CA-2"],
});
const olds = podOutputs(livePod, declared);

describe("diffPod", () => {
  it("reports no changes when the arguments match the live pod, injected env keys included", () => {
    expect(diffPod(olds, declared)).toEqual({ changes: false, replaces: [] });
  });

  it.each([
    ["mount path", { mounts: { network: [{ volumeId: "vol1", path: "/data" }] } }, ["mounts"], []],
    ["name", { name: "renamed" }, ["name"], []],
    ["image", { image: "org/trainer:1.3" }, ["image"], []],
    ["env", { env: { MODE: "eval" } }, ["env"], []],
    ["ports", { ports: ["22/tcp", "8888/http"] }, ["ports"], []],
    ["locked", { locked: true }, ["locked"], []],
    ["globalNetworking", { globalNetworking: true }, ["globalNetworking"], []],
    ["desiredStatus", { desiredStatus: "EXITED" }, ["desiredStatus"], []],
    ["disk", { disk: 40 }, ["disk"], []],
    ["gpu type", { gpu: { id: "NVIDIA H100 80GB HBM3", count: 1 } }, [], ["gpu"]],
    ["gpu count", { gpu: { id: "NVIDIA A100 80GB PCIe", count: 2 } }, [], ["gpu"]],
    ["gpu to cpu", { gpu: undefined, cpu: { id: "cpu3c", vcpuCount: 4, memory: 8 }, mounts: undefined }, [], ["cpu", "mounts"]],
    ["cloud", { cloud: "COMMUNITY" }, [], ["cloud"]],
    ["volume", { mounts: { network: [{ volumeId: "vol2", path: "/workspace" }] } }, [], ["mounts"]],
    ["volume unknown at preview", { mounts: { network: [{ volumeId: UNKNOWN, path: "/workspace" }] } }, [], ["mounts"]],
    ["mount kind", { mounts: { persistent: { size: 20, path: "/workspace" } } }, [], ["mounts"]],
    ["mounts removed", { mounts: undefined }, [], ["mounts"]],
    ["startSsh", { startSsh: false }, [], ["startSsh"]],
    ["data center no longer allowed", { dataCenterIds: ["EU-RO-1"] }, [], ["dataCenterIds"]],
    ["data center list still allows it", { dataCenterIds: ["US-TX-3"] }, [], []],
  ] as const)("%s", (_label, change, updates, replaces) => {
    const news = { ...declared, ...change } as typeof declared;
    expect(podUpdates(olds, news).filter((name) => !(replaces as readonly string[]).includes(name))).toEqual(updates);
    expect(podReplacements(olds, news)).toEqual(replaces);
    expect(diffPod(olds, news)).toEqual({ changes: updates.length + replaces.length > 0, replaces });
  });

  it.each([
    ["found stopped while meant to run", { status: "EXITED" }, "RUNNING", true],
    ["found running while meant to be stopped", { status: "RUNNING", desiredStatus: "EXITED" }, "EXITED", true],
    ["found in ERROR", { status: "ERROR" }, "RUNNING", true],
    ["found starting while meant to run", { status: "STARTING" }, "RUNNING", false],
    ["found stopped as meant", { status: "EXITED", desiredStatus: "EXITED" }, "EXITED", false],
  ] as const)("a pod %s: desiredStatus change is %s", (_label, seen, desired, changes) => {
    const refreshed = { ...olds, ...seen };
    expect(podUpdates(refreshed, { ...declared, desiredStatus: desired })).toEqual(changes ? ["desiredStatus"] : []);
  });

  it("an image edit and a gpu edit together are one replacement", () => {
    expect(diffPod(olds, { ...declared, image: "x:2", gpu: { id: "NVIDIA L40S", count: 1 } })).toEqual({
      changes: true,
      replaces: ["gpu"],
    });
  });
});

describe("podPatch", () => {
  it("sends only what differs", () => {
    expect(podPatch(livePod, { ...declared, name: "renamed", mounts: { network: [{ volumeId: "vol1", path: "/data" }] } })).toEqual({
      name: "renamed",
      mounts: { network: [{ volumeId: "vol1", path: "/data" }] },
    });
  });

  it("keeps injected env keys when the user's env changes, because PATCH replaces the whole env", () => {
    expect(podPatch(livePod, { ...declared, env: { MODE: "eval" } })).toEqual({
      env: { PUBLIC_KEY: "ssh-ed25519 AAAA injected", MODE: "eval" },
    });
  });

  it("is empty when nothing differs", () => {
    expect(podPatch(livePod, declared)).toEqual({});
  });
});

describe("a pod made from a template", () => {
  // The template gave the image, args, ports, a persistent mount and the env key CACHE; the program set MODE.
  const fromTemplate: Pod = {
    ...livePod,
    image: "computeplatform/pytorch:2.4",
    args: "--serve",
    ports: ["8888/http"],
    mounts: { persistent: { size: 50, path: "/workspace" } },
    env: { MODE: "train", CACHE: "/workspace/cache", PUBLIC_KEY: "ssh-ed25519 AAAA injected" },
    template: "tpl1",
  };
  const declaredFromTemplate = withPodDefaults({
    name: "trainer",
    templateId: "tpl1",
    gpu: { id: "NVIDIA A100 80GB PCIe" },
    env: { MODE: "train" },
  });
  const created = podOutputs(fromTemplate, declaredFromTemplate);

  it("records the env keys it took from the template", () => {
    expect(created.inheritedEnvKeys).toEqual(["CACHE"]);
    expect(created.templateId).toBe("tpl1");
  });

  it("shows no changes for the fields the template supplied", () => {
    expect(diffPod(created, declaredFromTemplate)).toEqual({ changes: false, replaces: [] });
  });

  it.each([
    ["an image set in the program", { image: "org/own:1" }, ["image"], []],
    ["args set in the program", { args: "--train" }, ["args"], []],
    ["a new env key", { env: { MODE: "train", EXTRA: "1" } }, ["env"], []],
    ["a removed program env key", { env: {} }, ["env"], []],
    ["a mount path set in the program", { mounts: { persistent: { size: 50, path: "/data" } } }, ["mounts"], []],
    ["another template, applied in place", { templateId: "tpl2" }, ["templateId"], []],
    ["no template any more, so no mount", { templateId: undefined, image: "computeplatform/pytorch:2.4" }, ["templateId"], ["mounts"]],
    ["startSsh now set in the program", { startSsh: true }, [], ["startSsh"]],
  ] as const)("%s", (_label, change, updates, replaces) => {
    const news = { ...declaredFromTemplate, ...change } as typeof declaredFromTemplate;
    expect(podReplacements(created, news)).toEqual(replaces);
    expect(podUpdates(created, news).filter((name) => !(replaces as readonly string[]).includes(name))).toEqual(updates);
  });

  it("keeps the template's and the injected env keys when the program's env changes", () => {
    expect(podPatch(fromTemplate, { ...declaredFromTemplate, env: { MODE: "eval" } }, ["CACHE"])).toEqual({
      env: { CACHE: "/workspace/cache", PUBLIC_KEY: "ssh-ed25519 AAAA injected", MODE: "eval" },
    });
  });

  it("names another template in the PATCH and sends the whole env, without the old template's keys", () => {
    expect(podPatch(fromTemplate, { ...declaredFromTemplate, templateId: "tpl2" }, ["CACHE"])).toEqual({
      templateId: "tpl2",
      env: { PUBLIC_KEY: "ssh-ed25519 AAAA injected", MODE: "train" },
    });
  });

  it("sends nothing for the fields the template supplied", () => {
    expect(podPatch(fromTemplate, declaredFromTemplate, ["CACHE"])).toEqual({});
  });

  it("narrows the inherited keys to those recorded before, so a key the program stops setting is not taken for the template's", () => {
    const live = { env: { CACHE: "/c", MODE: "train" } };
    expect(podInheritedEnvKeys(live, { ...declaredFromTemplate, env: {} }, ["CACHE"])).toEqual(["CACHE"]);
    expect(podInheritedEnvKeys(live, { ...declaredFromTemplate, env: {} })).toEqual(["CACHE", "MODE"]);
    expect(podInheritedEnvKeys(live, declared)).toEqual([]);
  });

  it("records the create-only settings the template gave, so declaring the template's own value later is no change", () => {
    const settings = { startSsh: true, startJupyter: false, allowedCudaVersions: ["12.4"] };
    const recorded = podOutputs(fromTemplate, withTemplateSettings(declaredFromTemplate, settings));
    expect(recorded).toMatchObject({ startSsh: true, startJupyter: false, gpu: { allowedCudaVersions: ["12.4"] } });
    expect(diffPod(recorded, declaredFromTemplate)).toEqual({ changes: false, replaces: [] });
    expect(diffPod(recorded, { ...declaredFromTemplate, startSsh: true })).toEqual({ changes: false, replaces: [] });
    expect(
      diffPod(recorded, { ...declaredFromTemplate, gpu: { id: "NVIDIA A100 80GB PCIe", count: 1, allowedCudaVersions: ["12.4"] } }),
    ).toEqual({
      changes: false,
      replaces: [],
    });
    expect(diffPod(recorded, { ...declaredFromTemplate, startSsh: false })).toEqual({ changes: true, replaces: ["startSsh"] });
    expect(diffPod(recorded, { ...declaredFromTemplate, gpu: { id: "NVIDIA A100 80GB PCIe", count: 1, minCudaVersion: "12.6" } })).toEqual({
      changes: true,
      replaces: ["gpu"],
    });
  });

  it("fills only what the arguments leave out, and nothing on a pod without a template", () => {
    const settings = { startSsh: true, startJupyter: true, allowedCudaVersions: ["12.4"] };
    expect(
      withTemplateSettings({ ...declaredFromTemplate, startSsh: false, gpu: { id: "x", count: 1, minCudaVersion: "12.6" } }, settings),
    ).toMatchObject({
      startSsh: false,
      startJupyter: true,
      gpu: { id: "x", count: 1, minCudaVersion: "12.6" },
    });
    expect(withTemplateSettings(declared, settings)).toBe(declared);
  });

  it("recognises its own lost create by the template it names", () => {
    const request = { name: "trainer", templateId: "tpl1", gpu: { id: "NVIDIA A100 80GB PCIe", count: 1 }, cloud: "SECURE" as const };
    expect(sameCreateRequest(fromTemplate, request)).toBe(true);
    expect(sameCreateRequest(fromTemplate, { ...request, templateId: "tpl2" })).toBe(false);
    expect(sameCreateRequest(livePod, request)).toBe(false);
  });
});

describe("placement", () => {
  const H100 = "NVIDIA H100 80GB HBM3";
  const A100 = "NVIDIA A100 80GB PCIe";
  const L40S = "NVIDIA L40S";
  // The pod asked for H100 first and runs on the A100 alternative (livePod's gpu).
  const placed = withPodDefaults({ ...declared, gpu: { id: H100 }, placement: { alternatives: [{ id: A100 }, { id: L40S, count: 2 }] } });
  const placedOlds = podOutputs(livePod, placed);

  it.each<[string, Partial<CheckedPodInputs>, { changes: boolean; replaces: string[] }]>([
    ["the same arguments", {}, { changes: false, replaces: [] }],
    [
      "the alternatives reordered",
      {
        placement: {
          alternatives: [
            { id: L40S, count: 2 },
            { id: A100, count: 1 },
          ],
        },
      },
      { changes: false, replaces: [] },
    ],
    ["cheapest first", { placement: { ...placed.placement, order: "cheapest" } }, { changes: false, replaces: [] }],
    [
      "gpu now the running type, placement dropped",
      { gpu: { id: A100, count: 1 }, placement: undefined },
      { changes: false, replaces: [] },
    ],
    [
      "the running type removed from the list",
      { placement: { alternatives: [{ id: L40S, count: 2 }] } },
      { changes: true, replaces: ["gpu"] },
    ],
    ["placement dropped", { placement: undefined }, { changes: true, replaces: ["gpu"] }],
    [
      "the running type with another count",
      { placement: { alternatives: [{ id: A100, count: 2 }] } },
      { changes: true, replaces: ["gpu"] },
    ],
    ["a new CUDA constraint", { gpu: { id: H100, count: 1, minCudaVersion: "12.4" } }, { changes: true, replaces: ["gpu"] }],
    ["placement unknown at preview", { placement: UNKNOWN as never }, { changes: true, replaces: ["gpu"] }],
  ])("%s", (_label, change, expected) => {
    expect(diffPod(placedOlds, { ...placed, ...change })).toEqual(expected);
  });

  it("finds an interrupted create on any acceptable configuration, and on no other", () => {
    const matches = (gpu: { id: string; count: number }) => pod.madeBy!({ ...livePod, name: placed.name, gpu }, placed);
    expect(matches({ id: H100, count: 1 })).toBe(true);
    expect(matches({ id: A100, count: 1 })).toBe(true);
    expect(matches({ id: L40S, count: 2 })).toBe(true);
    expect(matches({ id: "NVIDIA RTX A6000", count: 1 })).toBe(false);
  });
});
