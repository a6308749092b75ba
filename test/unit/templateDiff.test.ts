import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/values/unknown";
import type { Checked } from "../../provider/resources/lifecycle/declaration";
import { lifecycleOf } from "../../provider/resources/lifecycle/lifecycle";
import { template, type TemplateOutputs } from "../../provider/resources/template/declaration";
import type { TemplateInputs } from "../../provider/resources/template/inputs";

type CheckedTemplateInputs = Checked<TemplateInputs, typeof template.fields>;
const lifecycle = lifecycleOf(template);
/** The template's `diff`, as the engine calls it for a template that was not adopted. */
const diffTemplate = (olds: TemplateOutputs, news: CheckedTemplateInputs) => lifecycle.diff("tpl0000001", olds, news);

const recorded: TemplateOutputs = {
  name: "trainer",
  image: "org/trainer:1.4",
  args: "",
  disk: 40,
  env: { HF_HOME: "/workspace/hf" },
  ports: ["22/tcp"],
  registry: "reg0000001",
  mounts: { persistent: { size: 50, path: "/workspace" } },
  public: false,
  serverless: false,
  category: "NVIDIA",
  startSsh: true,
  startJupyter: true,
  allowedCudaVersions: [],
};
const same: CheckedTemplateInputs = { ...recorded };

describe("diffTemplate", () => {
  it.each<[string, Partial<CheckedTemplateInputs>, { changes: boolean; replaces: string[] }]>([
    ["nothing", {}, { changes: false, replaces: [] }],
    ["env keys in another order", { env: { HF_HOME: "/workspace/hf" } }, { changes: false, replaces: [] }],
    ["the registry cleared", { registry: null }, { changes: true, replaces: [] }],
    ["a grown mount", { mounts: { persistent: { size: 60, path: "/workspace" } } }, { changes: true, replaces: [] }],
    ["the mount removed", { mounts: {} }, { changes: true, replaces: ["mounts"] }],
    ["the mount removed and the name changed", { mounts: {}, name: "x" }, { changes: true, replaces: ["mounts"] }],
    ["a mount unknown at preview", { mounts: UNKNOWN as never }, { changes: true, replaces: [] }],
    ["a mount path unknown at preview", { mounts: { persistent: UNKNOWN as never } }, { changes: true, replaces: [] }],
  ])("%s", async (_label, change, expected) => {
    expect(await diffTemplate(recorded, { ...same, ...change })).toEqual(expected);
  });

  it("adds a mount to a template without one in place", async () => {
    const without = { ...recorded, mounts: {} };
    expect(await diffTemplate(without, { ...same })).toEqual({ changes: true, replaces: [] });
  });
});

describe("templatePatch", () => {
  it("holds exactly the fields that differ, with their new values", () => {
    expect(lifecycle.patchOf(recorded, { ...same, name: "n", registry: null, allowedCudaVersions: ["12.4"] })).toEqual({
      name: "n",
      registry: null,
      allowedCudaVersions: ["12.4"],
    });
    expect(lifecycle.patchOf(recorded, same)).toEqual({});
  });
});

describe("madeFrom", () => {
  it("matches the template a request makes, and no template differing in any field", async () => {
    const { inputs } = await lifecycle.check({}, { name: "t", image: "org/t:1" });
    const request = inputs!;
    const created = { id: "tpl0000001", ...request };
    const matches = lifecycle.madeFrom(request);
    expect(matches(created)).toBe(true);
    expect(matches({ ...created, disk: 21 })).toBe(false);
    expect(matches({ ...created, env: { A: "1" } })).toBe(false);
  });
});
