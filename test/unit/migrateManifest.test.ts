import { describe, expect, it } from "vitest";
import { migrateV1 } from "../../cli/migrate/convert";
import { renderManifest } from "../../cli/migrate/render";
import { formatWarning } from "../../cli/migrate/warnings";
import { validateManifest } from "../../provider/manifest";

const registry = { id: "reg1", name: "ghcr" };
const volume = { id: "vol1", name: "shared data", size: 100, dataCenterId: "US-TX-3" };
const template = { id: "tmpl1", name: "sdxl", imageName: "org/sdxl:1", isServerless: true, containerRegistryAuthId: "reg1", volumeInGb: 0 };
const pod = {
  id: "pod1",
  name: "trainer",
  image: "org/trainer:1",
  gpu: { id: "NVIDIA A40", count: 1 },
  templateId: "tmpl1",
  networkVolume: { id: "vol1" },
  volumeMountPath: "/data",
  containerRegistryAuthId: "reg1",
};
const endpoint = {
  id: "ep1",
  name: "sdxl",
  templateId: "tmpl1",
  gpuTypeIds: ["NVIDIA L40S"],
  networkVolumeIds: ["vol1", "vol-elsewhere"],
  workersMax: 2,
};

describe("migrateV1", () => {
  it("orders resources so each follows what it refers to, and refers to the input's resources by reference", () => {
    const { document, warnings } = migrateV1([endpoint, pod, { notes: "n/a" }, template, volume, registry]);
    expect(Object.keys(document.resources)).toEqual(["ghcr", "shared-data", "sdxl", "trainer", "sdxl-endpoint"]);
    expect(JSON.parse(JSON.stringify(document.resources))).toMatchObject({
      sdxl: { properties: { registry: "${ghcr.id}", adopt: "tmpl1" } },
      trainer: {
        properties: {
          templateId: "${sdxl.id}",
          mounts: { network: [{ volumeId: "${shared-data.id}", path: "/data" }] },
          registry: "${ghcr.id}",
        },
      },
      "sdxl-endpoint": { properties: { name: "sdxl", templateId: "${sdxl.id}", networkVolumes: ["${shared-data.id}", "vol-elsewhere"] } },
    });
    expect(warnings.map(formatWarning)).toEqual([
      "warning: $[2]: has no field of a v1 registry, network volume, template, pod or endpoint; skipped",
      'note: registries[0] (name "ghcr"): username is read from stack config, never written to the manifest; run: pulumi config set --secret ghcrUsername <username>',
      'note: registries[0] (name "ghcr"): password is read from stack config, never written to the manifest; run: pulumi config set --secret ghcrPassword <password>',
    ]);
  });

  it("keeps ids the input holds no resource for, and a body's ids as written", () => {
    const { document } = migrateV1({
      pods: [{ name: "p", imageName: "org/p:1", gpuTypeIds: ["NVIDIA A40"], templateId: "elsewhere", networkVolumeId: "vol9" }],
    });
    expect(document.resources.p?.properties).toMatchObject({
      templateId: "elsewhere",
      mounts: { network: [{ volumeId: "vol9", path: "/workspace" }] },
    });
  });

  it("skips an object that is the same v1 resource as one before it", () => {
    const { document, warnings } = migrateV1([registry, { ...registry, name: "ghcr again" }, { ...pod, templateId: null }, pod]);
    expect(Object.keys(document.resources)).toEqual(["ghcr", "trainer"]);
    expect(warnings.map(formatWarning).filter((line) => line.startsWith("warning"))).toEqual([
      'warning: registries[1] (name "ghcr again"): is the same v1 registry as registries[0] (name "ghcr"); skipped',
      'warning: pods[1] (name "trainer"): is the same v1 pod as pods[0] (name "trainer"); skipped',
    ]);
  });

  it("names resources uniquely: a number for the same kind, the kind for another", () => {
    const { document } = migrateV1([template, endpoint, { ...pod, id: "pod2" }, pod, { ...pod, id: "pod3", name: "config" }]);
    expect(Object.keys(document.resources)).toEqual(["sdxl", "trainer", "trainer-2", "pod-config", "sdxl-endpoint"]);
  });

  it("writes a manifest that validates, with the schema line and where it came from", async () => {
    const { document } = migrateV1([registry, volume, template, pod, endpoint]);
    const text = renderManifest(document, "v1.json");
    expect(text.split("\n").slice(0, 3)).toEqual([
      "# yaml-language-server: $schema=./node_modules/pulumi-computeplatform/schema/manifest.json",
      "# Migrated from v1 API objects (v1.json) by computeplatform migrate.",
      "resources:",
    ]);
    const validation = await validateManifest({ file: "migrated.yaml", text });
    expect(validation.issues).toEqual([]);
    expect(validation.manifest?.resources.map(({ name, dependencies }) => [name, dependencies])).toEqual([
      ["ghcr", []],
      ["shared-data", []],
      ["sdxl", ["ghcr"]],
      ["trainer", ["sdxl", "shared-data", "ghcr"]],
      ["sdxl-endpoint", ["sdxl", "shared-data"]],
    ]);
  });

  it("renders stable, readable YAML", () => {
    const { document } = migrateV1({ name: "data", size: 50, dataCenterId: "EU-RO-1" });
    expect(renderManifest(document, "standard input")).toBe(
      [
        "# yaml-language-server: $schema=./node_modules/pulumi-computeplatform/schema/manifest.json",
        "# Migrated from v1 API objects (standard input) by computeplatform migrate.",
        "resources:",
        "  data:",
        "    type: NetworkVolume",
        "    properties:",
        "      name: data",
        "      size: 50",
        "      dataCenter: EU-RO-1",
        "",
      ].join("\n"),
    );
  });
});
