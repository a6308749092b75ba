// The Pod provider on pods made from a template, against the real emulator over HTTP: what the template
// supplies is left to it, its env keys survive updates and never show as drift, and another template replaces.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import * as pod from "../../provider/resources/pod.provider";
import * as template from "../../provider/resources/template.provider";
import type { PodOutputs } from "../../provider/resources/pod/outputs";
import type { CheckedPodInputs, PodInputs } from "../../provider/resources/pod/inputs";
import type { TemplateInputs } from "../../provider/resources/template/inputs";
import { providerOnClock } from "../support/providerClock";
import { emulatorForProvider, passedCheck, writes } from "./providerHarness";

const checkedPod = (inputs: PodInputs) => passedCheck(pod.check, inputs);
const checkedTemplate = (inputs: TemplateInputs) => passedCheck(template.check, inputs);

describe("Pod provider, from a template", () => {
  let emulator: Emulator;
  let templateId: string;
  let otherTemplateId: string;
  let id: string;
  let outs: PodOutputs;
  let restoreClock: () => void;
  const inputs = (overrides: Partial<PodInputs> = {}): Promise<CheckedPodInputs> =>
    checkedPod({ name: "trainer", templateId, gpu: { id: "NVIDIA A100 80GB PCIe" }, env: { RUN: "nightly" }, ...overrides });

  beforeAll(async () => {
    emulator = await emulatorForProvider();
    restoreClock = providerOnClock(emulator.clock);
    const created = await template.create(
      await checkedTemplate({
        name: "trainer",
        image: "org/trainer:1.4",
        args: "--epochs 3",
        disk: 40,
        ports: ["22/tcp"],
        env: { HF_HOME: "/workspace/hf" },
        mounts: { persistent: { size: 50, path: "/workspace" } },
        startSsh: false,
        startJupyter: false,
      }),
    );
    templateId = created.id;
    otherTemplateId = (await template.create(await checkedTemplate({ name: "other", image: "org/other:1" }))).id;
    const pc = await pod.create(await inputs());
    id = pc.id;
    outs = pc.outs!;
  });
  afterAll(async () => {
    restoreClock();
    await emulator.close();
  });
  beforeEach(() => emulator.resetRequests());

  it("creates the pod with the template's settings and the program's env key merged in", () => {
    expect(outs).toMatchObject({
      status: "RUNNING",
      template: templateId,
      templateId,
      image: "org/trainer:1.4",
      args: "--epochs 3",
      disk: 40,
      ports: ["22/tcp"],
      env: { HF_HOME: "/workspace/hf", RUN: "nightly" },
      mounts: { persistent: { size: 50, path: "/workspace" } },
      inheritedEnvKeys: ["HF_HOME"],
    });
  });

  it("shows no changes for the same arguments, and reads back without drift", async () => {
    expect(await pod.diff(id, outs, await inputs())).toEqual({ changes: false, replaces: [] });
    expect(await pod.read(id, outs)).toEqual({ id, props: expect.objectContaining({ templateId, inheritedEnvKeys: ["HF_HOME"] }) });
  });

  it("updates the program's env in place with one PATCH that keeps the template's key", async () => {
    const news = await inputs({ env: { RUN: "weekly" } });
    expect(await pod.diff(id, outs, news)).toEqual({ changes: true, replaces: [] });
    const { outs: updated } = await pod.update(id, outs, news);
    expect(writes(emulator)).toEqual([`PATCH /v2/pods/${id}`]);
    expect(updated!.env).toEqual({ HF_HOME: "/workspace/hf", RUN: "weekly" });
    expect(await pod.diff(id, updated!, news)).toEqual({ changes: false, replaces: [] });
    outs = updated!;
  });

  it("records the template's create-only settings, so stating them is no change, and a pod can decline the mount", async () => {
    expect(outs).toMatchObject({ startSsh: false, startJupyter: false });
    const env = { RUN: "weekly" };
    expect(await pod.diff(id, outs, await inputs({ env, startSsh: false }))).toEqual({ changes: false, replaces: [] });
    expect(await pod.diff(id, outs, await inputs({ env, startSsh: true }))).toEqual({ changes: true, replaces: ["startSsh"] });

    const bare = await pod.create(await inputs({ name: "bare", mounts: { network: [] } }));
    expect(bare.outs!.mounts).toEqual({});
    expect(await pod.diff(bare.id, bare.outs!, await inputs({ name: "bare", mounts: { network: [] } }))).toEqual({
      changes: false,
      replaces: [],
    });
    await pod.delete(bare.id);
  });

  it("names the argument when the template does not exist, before creating anything", async () => {
    await expect(pod.create(await inputs({ templateId: "nosuchtpl1" }))).rejects.toThrow(
      'templateId: there is no template "nosuchtpl1", of your own or public',
    );
    expect(writes(emulator)).toEqual([]);
  });

  it("moves the pod to another template in place with one PATCH: its settings and env keys, the old ones gone", async () => {
    const news = await inputs({ templateId: otherTemplateId, env: { RUN: "weekly" } });
    expect(await pod.diff(id, outs, news)).toEqual({ changes: true, replaces: [] });
    const { outs: moved } = await pod.update(id, outs, news);
    expect(writes(emulator)).toEqual([`PATCH /v2/pods/${id}`]);
    expect(moved).toMatchObject({ template: otherTemplateId, templateId: otherTemplateId, image: "org/other:1", env: { RUN: "weekly" } });
    expect(moved!.inheritedEnvKeys).toEqual([]);
    // The mount and the create-only settings are the pod's own from create.
    expect(moved!.mounts).toEqual({ persistent: { size: 50, path: "/workspace" } });
    expect(await pod.diff(id, moved!, news)).toEqual({ changes: false, replaces: [] });

    const back = await inputs({ env: { RUN: "weekly" } });
    const { outs: returned } = await pod.update(id, moved!, back);
    expect(returned).toMatchObject({ template: templateId, image: "org/trainer:1.4", env: { HF_HOME: "/workspace/hf", RUN: "weekly" } });
    expect(returned!.inheritedEnvKeys).toEqual(["HF_HOME"]);
    expect(await pod.diff(id, returned!, back)).toEqual({ changes: false, replaces: [] });
    outs = returned!;
  });

  it("refuses to delete the template while the pod uses it, naming the pod, and deletes it once the pod is gone", async () => {
    await expect(template.delete(templateId)).rejects.toThrow(
      `template ${templateId} cannot be deleted: it is still used by pod ${id} (trainer). Delete it or move it off the template (recreate without templateId) first`,
    );
    await pod.delete(id);
    await template.delete(templateId);
    expect(emulator.snapshot().templates.map((t) => t.id)).toEqual([otherTemplateId]);
  });
});
