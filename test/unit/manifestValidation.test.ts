/** validateManifest and loadManifest on invalid manifests: every error kind, with its exact message and position. */
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { KIND_NAMES } from "../../provider/kindRegistry";
import { descriptionSummary, formatIssue, Interpolation, loadManifest, ManifestError, validateManifest } from "../../provider/manifest";

/** Every resource type, in the registry's order, as messages list them. */
const TYPES = KIND_NAMES.join(", ");

const validate = async (text: string) => (await validateManifest({ file: "m.yaml", text })).issues.map(formatIssue);

const volume = (properties: string) => `resources:\n  vol:\n    type: NetworkVolume\n    properties:\n${properties}`;
const volumeProperties = "      name: data\n      size: 50\n      dataCenter: US-TX-3\n";

describe("validateManifest", () => {
  it.each([
    [
      "YAML syntax",
      "resources:\n  a: [1, 2\n",
      ["m.yaml:3:1: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]"],
    ],
    ["a duplicate key", `${volume(volumeProperties)}      size: 60\n`, ["m.yaml:8:7: YAML: Map keys must be unique"]],
    ["no resources", "outputs: {}\n", ["m.yaml:1:1: a manifest needs a `resources:` map"]],
    [
      "an unknown top-level key",
      `variables: {}\n${volume(volumeProperties)}`,
      ["m.yaml:1:1: variables: unknown top-level key; a manifest has `resources`, `outputs`, `budget` and `ttl`"],
    ],
    [
      "a ttl that is not a duration",
      `ttl: 8 hours\n${volume(volumeProperties)}`,
      ['m.yaml:1:6: ttl: must be a duration: a positive whole number followed by m, h or d, such as "90m", "8h" or "3d"'],
    ],
    [
      "a ttl of zero",
      `ttl: 0h\n${volume(volumeProperties)}`,
      ['m.yaml:1:6: ttl: must be a duration: a positive whole number followed by m, h or d, such as "90m", "8h" or "3d"'],
    ],
    [
      "a budget below zero",
      `budget:\n  maxMonthlyCost: -5\n${volume(volumeProperties)}`,
      ["m.yaml:2:19: budget.maxMonthlyCost: must be a number of US dollars ≥ 0"],
    ],
    [
      "a budget written as text",
      `budget: { maxHourlyCost: "ten" }\n${volume(volumeProperties)}`,
      ["m.yaml:1:26: budget.maxHourlyCost: must be a number of US dollars ≥ 0"],
    ],
    [
      "an unknown budget key",
      `budget: { maxDailyCost: 5 }\n${volume(volumeProperties)}`,
      ["m.yaml:1:11: budget.maxDailyCost: unknown key; a budget has `maxHourlyCost` and `maxMonthlyCost`"],
    ],
    [
      "an unknown type",
      "resources:\n  vol:\n    type: Volume\n",
      [`m.yaml:3:11: resources.vol.type: unknown type "Volume"; one of ${TYPES}`],
    ],
    [
      "a misspelt type",
      "resources:\n  vol:\n    type: NetworkVolum\n",
      [`m.yaml:3:11: resources.vol.type: unknown type "NetworkVolum"; did you mean NetworkVolume? The types are ${TYPES}`],
    ],
    [
      "an unknown field",
      volume(`${volumeProperties}      colour: red\n`),
      ["m.yaml:8:7: resources.vol.properties.colour: unknown property"],
    ],
    [
      "a misspelt property",
      "resources:\n  web:\n    type: Pod\n    properties:\n      imgae: nginx\n      image: nginx\n      gpu: { id: NVIDIA L40S }\n",
      ['m.yaml:5:7: resources.web.properties.imgae: unknown property; did you mean "image"?'],
    ],
    [
      "a misspelt nested property",
      "resources:\n  web:\n    type: Pod\n    properties:\n      image: nginx\n      gpu: { id: NVIDIA L40S, cuont: 2 }\n",
      ['m.yaml:6:31: resources.web.properties.gpu.cuont: unknown property; did you mean "count"?'],
    ],
    [
      "a bad value",
      volume("      name: data\n      size: 5\n      dataCenter: US-TX-3\n"),
      ["m.yaml:6:13: resources.vol.properties.size: Too small: expected number to be >=10"],
    ],
    ["a missing property", volume("      name: data\n      size: 50\n"), ["m.yaml:4:5: resources.vol.properties.dataCenter: required"]],
    [
      "an unknown resource key",
      volume(`${volumeProperties}    option: {}\n`),
      ["m.yaml:8:5: resources.vol.option: unknown key; a resource has `type`, `description`, `properties` and `options`"],
    ],
    [
      "a description that is not text",
      volume(`${volumeProperties}    description: [a, b]\n`),
      ["m.yaml:8:18: resources.vol.description: must be text: what the resource is for, its first line a summary"],
    ],
    [
      "a blank description",
      volume(`${volumeProperties}    description: " "\n`),
      ["m.yaml:8:18: resources.vol.description: must not be blank; leave it out instead"],
    ],
    [
      "an entry that is not a map",
      "resources:\n  vol: 3\n",
      ["m.yaml:2:8: resources.vol: must be a map with `type` and `properties` (and optionally `description` and `options`)"],
    ],
    [
      "an unknown option",
      volume(`${volumeProperties}    options:\n      protected: true\n`),
      ["m.yaml:9:7: resources.vol.options.protected: unknown option"],
    ],
    [
      "a reserved name",
      "resources:\n  config:\n    type: AccountSshKeys\n    properties:\n      keys: []\n",
      ["m.yaml:2:3: resources.config: `config` is reserved for stack config references (`${config.<key>}`); choose another name"],
    ],
    [
      "a reference to a missing resource",
      `${volume(volumeProperties)}outputs:\n  id: \${volume.id}\n`,
      ["m.yaml:9:7: outputs.id: ${volume.id} refers to a resource that the manifest does not declare"],
    ],
    [
      "a reference to a missing output",
      `${volume(volumeProperties)}outputs:\n  id: \${vol.ident}\n`,
      [
        'm.yaml:9:7: outputs.id: ${vol.ident}: a NetworkVolume has no output "ident"; it has id, urn, name, size, dataCenter, type, estimatedHourlyCost, costBreakdown',
      ],
    ],
    [
      "a reference to a resource instead of a value",
      `${volume(volumeProperties)}outputs:\n  id: \${vol}\n`,
      ["m.yaml:9:7: outputs.id: ${vol} names a resource, not a value; name one of its outputs, for example ${vol.id}"],
    ],
    [
      "a malformed reference",
      volume("      name: ${config.}\n      size: 50\n      dataCenter: US-TX-3\n"),
      ['m.yaml:5:13: resources.vol.properties.name: invalid reference "${config.}": write a stack config key as `config.<key>`'],
    ],
    [
      "a reference cycle",
      "resources:\n  a:\n    type: NetworkVolume\n    properties: { name: '${b.name}', size: 10, dataCenter: X }\n" +
        "  b:\n    type: NetworkVolume\n    properties: { name: '${a.name}', size: 10, dataCenter: X }\n",
      ["m.yaml:7:25: resources.b.properties.name: reference cycle: a → b → a"],
    ],
    [
      "a cycle through dependsOn",
      "resources:\n  a:\n    type: NetworkVolume\n    properties: { name: a, size: 10, dataCenter: X }\n    options: { dependsOn: [a] }\n",
      ["m.yaml:5:28: resources.a.options.dependsOn[0]: reference cycle: a → a"],
    ],
    [
      "a secret written in the file",
      "resources:\n  reg:\n    type: Registry\n    properties: { name: r, username: u, password: hunter2 }\n",
      [
        "m.yaml:4:51: resources.reg.properties.password: a secret must not be written in the manifest; set it with `pulumi config set --secret <key>` and write ${config.<key>}",
      ],
    ],
    [
      "a rule across properties",
      "resources:\n  pod:\n    type: Pod\n    properties:\n      name: p\n      image: i\n      cpu: { id: cpu3c, vcpuCount: 2, memory: 4 }\n      mounts: { persistent: { size: 20, path: /data } }\n",
      ["m.yaml:8:29: resources.pod.properties.mounts.persistent: persistent mounts are not allowed on CPU pods; use a network volume"],
    ],
  ])("reports %s", async (_kind, text, expected) => {
    expect(await validate(text)).toEqual(expected);
  });

  it("keeps the ttl a manifest sets", async () => {
    const validation = await validateManifest({ file: "m.yaml", text: `ttl: 3d\n${volume(volumeProperties)}` });
    expect(validation.manifest?.ttl).toBe("3d");
  });

  it("keeps the budget a manifest sets", async () => {
    const validation = await validateManifest({ file: "m.yaml", text: `budget:\n  maxMonthlyCost: 3000\n${volume(volumeProperties)}` });
    expect(validation.manifest?.budget).toEqual({ maxMonthlyCost: 3000 });
  });

  it("checks referenced values only when they are known, as preview does", async () => {
    const text = `${volume(volumeProperties)}  pod:\n    type: Pod\n    properties:\n      name: p\n      image: \${config.image}\n      gpu: { id: A, count: "\${config.gpus}" }\n      mounts: { network: [{ volumeId: "\${vol.id}", path: /w }] }\n`;
    const { issues, manifest } = await validateManifest({ file: "m.yaml", text });
    expect(issues).toEqual([]);
    expect(manifest?.resources.map((resource) => [resource.name, resource.dependencies])).toEqual([
      ["vol", []],
      ["pod", ["vol"]],
    ]);
    expect([...(manifest?.configKeys ?? [])]).toEqual([
      ["image", { line: 12, column: 14 }],
      ["gpus", { line: 13, column: 28 }],
    ]);
  });

  it("keeps a resource's description as written, without resolving references in it", async () => {
    const description = "Training data.\nFilled by ${config.loader}; $${not a reference}.\n";
    const text = `resources:\n  vol:\n    type: NetworkVolume\n    description: |\n      Training data.\n      Filled by \${config.loader}; $\${not a reference}.\n    properties:\n${volumeProperties}  other:\n    type: NetworkVolume\n    properties:\n${volumeProperties}`;
    const { issues, manifest } = await validateManifest({ file: "m.yaml", text });
    expect(issues).toEqual([]);
    expect(manifest?.resources.map((resource) => ({ name: resource.name, description: resource.description }))).toEqual([
      { name: "vol", description },
      { name: "other", description: undefined },
    ]);
    expect(manifest?.configKeys.size).toBe(0);
    expect(manifest?.resources.map((resource) => Object.hasOwn(resource, "description"))).toEqual([true, false]);
  });

  describe("a reference's path below an output, against the kind's outputs in the Pulumi package schema", () => {
    const cluster =
      "resources:\n  training:\n    type: Cluster\n    properties:\n      name: t\n      type: SLURM\n" +
      "      compute: { gpuTypeId: NVIDIA H100 80GB HBM3, gpuCountPerPod: 8, podCount: 2 }\n      image: org/slurm:24\n";

    it("refuses a member's address where it is not, with its position and the nearest valid path", async () => {
      expect(await validate(`${cluster}outputs:\n  head: \${training.members[0].ip}\n`)).toEqual([
        'm.yaml:10:9: outputs.head: ${training.members[0].ip}: a Cluster\'s members[0] has no "ip"; did you mean ${training.members[0].cluster.ip}?',
      ]);
    });

    it("accepts the member's address where it is", async () => {
      const { issues, manifest } = await validateManifest({
        file: "m.yaml",
        text: `${cluster}outputs:\n  head: \${training.members[0].cluster.ip}\n`,
      });
      expect(issues).toEqual([]);
      expect(manifest?.outputs.head).toBeInstanceOf(Interpolation);
    });

    it("refuses a step below a single value, and a misspelt property inside a longer string", async () => {
      const text = `${volume(volumeProperties)}outputs:\n  a: \${vol.size.gb}\n  b: "ssh \${vol.nmae}"\n`;
      expect(await validate(text)).toEqual([
        'm.yaml:9:6: outputs.a: ${vol.size.gb}: a NetworkVolume\'s size is a single value, with no "gb"',
        'm.yaml:10:6: outputs.b: ${vol.nmae}: a NetworkVolume has no output "nmae"; it has id, urn, name, size, dataCenter, type, estimatedHourlyCost, costBreakdown',
      ]);
    });
  });

  it("lists every issue in file order", async () => {
    const text = "resources:\n  b:\n    type: Nope\n  a:\n    type: NetworkVolume\n    properties: { size: 1 }\n";
    expect(await validate(text)).toEqual([
      `m.yaml:3:11: resources.b.type: unknown type "Nope"; one of ${TYPES}`,
      "m.yaml:6:5: resources.a.properties.dataCenter: required",
      "m.yaml:6:25: resources.a.properties.size: Too small: expected number to be >=10",
    ]);
  });

  it("takes resources without a name, which are auto-named at deployment", async () => {
    const text =
      "resources:\n  data:\n    type: NetworkVolume\n    properties: { size: 20, dataCenter: US-TX-3 }\n" +
      "  web:\n    type: Pod\n    properties: { image: nginx, cpu: { id: cpu3c, vcpuCount: 2, memory: 4 } }\n";
    expect(await validate(text)).toEqual([]);
  });
});

describe("descriptionSummary", () => {
  it.each([
    { description: undefined, summary: undefined },
    { description: "Echoes its input.", summary: "Echoes its input." },
    { description: "Echoes its input.\nTakes {input: {...}}.\n", summary: "Echoes its input." },
    { description: "\n  \n   Echoes its input.  \n  More.", summary: "Echoes its input." },
    { description: "Echoes its input.\r\nMore.", summary: "Echoes its input." },
    { description: " \n\t\n", summary: undefined },
  ])("$description → $summary", ({ description, summary }) => {
    expect(descriptionSummary(description)).toBe(summary);
  });
});

describe("loadManifest", () => {
  // Both failures are raised before any resource is declared, so no Pulumi engine or mock takes part.
  it("throws a ManifestError naming each issue for an invalid manifest", async () => {
    const error = await loadManifest("m.yaml", { text: volume("      name: data\n      size: 5\n      dataCenter: US-TX-3\n") }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as Error).message).toBe(
      "invalid manifest (1 error):\n  m.yaml:6:13: resources.vol.properties.size: Too small: expected number to be >=10",
    );
  });

  it("throws a ManifestError for a config key the stack does not set", async () => {
    pulumi.runtime.setAllConfig({ "project:other": "x" });
    const text =
      "resources:\n  reg:\n    type: Registry\n    properties: { name: r, username: u, password: '${config.registryPassword}' }\n";
    const error = await loadManifest("m.yaml", { text }).catch((e: unknown) => e);
    expect((error as ManifestError).issues.map(formatIssue)).toEqual([
      "m.yaml:4:51: ${config.registryPassword} is not set in the stack config; set it with `pulumi config set project:registryPassword <value>`, or for a secret `pulumi config set --secret project:registryPassword`, which prompts for it",
    ]);
  });
});
