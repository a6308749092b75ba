import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/schemas/unknown";
import { diffTemplate, matchesCreateRequest, type TemplateOutputs, templatePatch } from "../../provider/resources/templateState";
import { type CheckedTemplateInputs, withTemplateDefaults } from "../../provider/schemas/template";

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
  ])("%s", (_label, change, expected) => {
    expect(diffTemplate(recorded, { ...same, ...change })).toEqual(expected);
  });

  it("adds a mount to a template without one in place", () => {
    const without = { ...recorded, mounts: {} };
    expect(diffTemplate(without, { ...same })).toEqual({ changes: true, replaces: [] });
  });
});

describe("templatePatch", () => {
  it("holds exactly the fields that differ, with their new values", () => {
    expect(templatePatch(recorded, { ...same, name: "n", registry: null, allowedCudaVersions: ["12.4"] })).toEqual({
      name: "n",
      registry: null,
      allowedCudaVersions: ["12.4"],
    });
    expect(templatePatch(recorded, same)).toEqual({});
  });
});

describe("matchesCreateRequest", () => {
  const { adopt: _adopt, ...request } = withTemplateDefaults({ name: "t", image: "org/t:1" });
  const created = { id: "tpl0000001", ...request };

  it("matches the template a request makes, and no template differing in any field", () => {
    expect(matchesCreateRequest(created, request)).toBe(true);
    expect(matchesCreateRequest({ ...created, disk: 21 }, request)).toBe(false);
    expect(matchesCreateRequest({ ...created, env: { A: "1" } }, request)).toBe(false);
  });
});
