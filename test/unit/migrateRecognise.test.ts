import { describe, expect, it } from "vitest";
import { recognise } from "../../cli/migrate/recognise";
import { formatWarning } from "../../cli/migrate/warnings";

const gpuPodBody = { name: "trainer", imageName: "org/trainer:1.2", gpuTypeIds: ["NVIDIA A40"] };
const podResponse = { id: "p1", name: "a", image: "org/a:1", costPerHr: 0.2, gpu: { id: "NVIDIA A40", count: 1 } };
const templateBody = { name: "base", imageName: "org/base:1", isServerless: false };
const volumeBody = { name: "data", size: 50, dataCenterId: "US-TX-3" };
const registryBody = { name: "hub", username: "bot", password: "x" };
const endpointBody = { name: "sdxl", templateId: "t1", workersMin: 0 };

function recognised(input: unknown) {
  const { objects, warnings } = recognise(input);
  return { objects: objects.map(({ kind, subject }) => `${kind.word} ${subject}`), warnings: warnings.map(formatWarning) };
}

describe("recognise", () => {
  it.each([
    ["a single create body", gpuPodBody, ['pod pods[0] (name "trainer")'], []],
    [
      "a bare list response",
      [podResponse, { ...podResponse, id: "p2", name: "b" }],
      ['pod pods[0] (name "a")', 'pod pods[1] (name "b")'],
      [],
    ],
    [
      "an array mixing kinds, numbered per kind",
      [gpuPodBody, templateBody, volumeBody, registryBody, endpointBody, podResponse],
      [
        'pod pods[0] (name "trainer")',
        'template templates[0] (name "base")',
        'volume networkVolumes[0] (name "data")',
        'registry registries[0] (name "hub")',
        'endpoint endpoints[0] (name "sdxl")',
        'pod pods[1] (name "a")',
      ],
      [],
    ],
    ["nested list responses", [[podResponse], [volumeBody]], ['pod pods[0] (name "a")', 'volume networkVolumes[0] (name "data")'], []],
    [
      "a wrapper object holding lists and single objects",
      { pods: [podResponse], templates: templateBody, extra: { volumes: [volumeBody] } },
      ['pod pods[0] (name "a")', 'template templates[0] (name "base")', 'volume networkVolumes[0] (name "data")'],
      [],
    ],
    [
      "an object with only id and name, as a registry",
      [{ id: "r1", name: "ghcr" }, { id: "r2" }],
      ['registry registries[0] (name "ghcr")', "registry registries[1]"],
      [],
    ],
    [
      "container fields only, as a template (a pod body names its compute)",
      { name: "base", imageName: "org/base:1", ports: ["22/tcp"] },
      ['template templates[0] (name "base")'],
      [],
    ],
    ["fields no v1 kind has, which do not count", { ...gpuPodBody, volumeKey: "k" }, ['pod pods[0] (name "trainer")'], []],
    [
      "an object that could be a pod or an endpoint",
      { name: "x", templateId: "t1", gpuTypeIds: ["NVIDIA A40"] },
      [],
      ['warning: $: could be a v1 pod or endpoint; skipped (wrap it as {"pods": [...]} or {"endpoints": [...]} to say which)'],
    ],
    [
      "that object under a key naming its kind",
      { endpoints: [{ name: "x", templateId: "t1", gpuTypeIds: ["NVIDIA A40"] }] },
      ['endpoint endpoints[0] (name "x")'],
      [],
    ],
    [
      "a key naming the kind before the id-and-name rule",
      { "network-volumes": [{ id: "v1", name: "data" }] },
      ['volume networkVolumes[0] (name "data")'],
      [],
    ],
    ["a key naming the kind in any case", { ContainerRegistryAuth: [{ name: "hub" }] }, ['registry registries[0] (name "hub")'], []],
    [
      "an object with only a name",
      [{ name: "x" }],
      [],
      [
        'warning: $[0]: could be a v1 registry, network volume, template, pod or endpoint; skipped (wrap it as {"registries": [...]}, {"networkVolumes": [...]}, {"templates": [...]}, {"pods": [...]} or {"endpoints": [...]} to say which)',
      ],
    ],
    [
      "an object mixing fields of several kinds",
      { pods: [{ isPublic: true, gpuTypeIds: ["NVIDIA A40"] }] },
      [],
      ["warning: $.pods[0]: has fields of more than one v1 kind (template, pod, endpoint); skipped"],
    ],
    [
      "values that are not objects",
      [1, "x", null, { "my pods": [true] }],
      [],
      [
        "warning: $[0]: is not a JSON object; skipped",
        "warning: $[1]: is not a JSON object; skipped",
        "warning: $[2]: is not a JSON object; skipped",
        'warning: $[3]["my pods"][0]: is not a JSON object; skipped',
      ],
    ],
    [
      "a v1 error object",
      { message: "pod not found" },
      [],
      ["warning: $: has no field of a v1 registry, network volume, template, pod or endpoint; skipped"],
    ],
    ["an empty object", {}, [], ["warning: $: has no field of a v1 registry, network volume, template, pod or endpoint; skipped"]],
    ["an empty list", [], [], []],
    ["a name with quotes", { ...gpuPodBody, name: 'say "hi"' }, ['pod pods[0] (name "say \\"hi\\"")'], []],
  ])("%s", (_label, input, objects, warnings) => {
    expect(recognised(input)).toEqual({ objects, warnings });
  });
});
