// `computeplatform validate` (validateManifest) and preview judge a resource by the same rules: over generated
// arguments with random values written as references to another resource, the manifest's issues about the resource
// are exactly the failures `check` reports at preview when those values are unknown.
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import type { ManifestResourceType } from "../../provider/manifest/document";
import { resourceKinds } from "../../provider/manifest/resourceKinds";
import { formatIssue } from "../../provider/manifest";
import { validateManifest } from "../../provider/manifest/validate";
import { UNKNOWN } from "../../provider/values/unknown";
import { clusterArguments, endpointArguments, PLACEHOLDER_IDS, podArguments, templateArguments, volumeArguments } from "../fuzz/arguments";

const RUNS = Number(process.env.PREVIEW_RUNS ?? 50);
const REFERENCE = "${volume.id}";
const AT = "resources.subject.properties";

/** `value` with the leaves `picks` marks set to `replacement`, so that both sides see the same places replaced. */
function replaceLeaves(value: unknown, picks: boolean[], replacement: unknown, counter = { next: 0 }): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceLeaves(item, picks, replacement, counter));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceLeaves(item, picks, replacement, counter)]));
  }
  return picks[counter.next++ % picks.length] ? replacement : value;
}

const kinds: Array<[ManifestResourceType, fc.Arbitrary<Record<string, unknown>>]> = [
  ["Pod", podArguments(PLACEHOLDER_IDS)],
  ["Cluster", clusterArguments(PLACEHOLDER_IDS)],
  ["ServerlessEndpoint", endpointArguments(PLACEHOLDER_IDS)],
  ["Template", templateArguments(PLACEHOLDER_IDS)],
  ["NetworkVolume", volumeArguments()],
];

describe("validate reports what check reports at preview, references being unknown", () => {
  it.each(kinds)(
    "%s",
    async (type, args) => {
      // Which leaves become references: the pattern repeats over the leaves in order.
      const picks = fc.array(fc.boolean(), { minLength: 1, maxLength: 7 });
      await fc.assert(
        fc.asyncProperty(args, picks, async (generated, pattern) => {
          // A manifest names a resource that has no `name` itself, as the resource classes do: preview sees a name.
          const properties = { name: "subject", ...generated };
          const manifest = {
            resources: {
              volume: { type: "NetworkVolume", properties: { name: "data", size: 10, dataCenter: "US-TX-3" } },
              subject: { type, properties: replaceLeaves(properties, pattern, REFERENCE) },
            },
          };
          const { issues } = await validateManifest({ file: "m.yaml", text: stringify(manifest) });
          const previewed = await resourceKinds[type].check({}, replaceLeaves(properties, pattern, UNKNOWN) as object);
          const expected = (previewed.failures ?? []).map(
            ({ property, reason }) => `${property === "" ? AT : `${AT}.${property}`}: ${reason}`,
          );
          // validate adds a suggestion to an unknown property's message; the failure is the same.
          const reported = issues.map((issue) => `${issue.path}: ${issue.message.replace(/; did you mean "[^"]*"\?$/, "")}`);
          expect(reported.sort()).toEqual(expected.sort());
        }),
        { numRuns: RUNS },
      );
    },
    120_000,
  );
});

describe("validate on the rules that hold whatever a referenced volume turns out to be", () => {
  const manifest = (mounts: string) =>
    "resources:\n  data:\n    type: NetworkVolume\n    properties: { name: data, size: 10, dataCenter: US-TX-3 }\n" +
    `  trainer:\n    type: Pod\n    properties:\n      name: trainer\n      image: org/trainer:1.2\n      gpu: { id: NVIDIA A100 80GB PCIe }\n      mounts:\n${mounts}`;

  it.each([
    [
      "both mount kinds",
      '        persistent: { size: 20, path: /a }\n        network: [{ volumeId: "${data.id}", path: /w }]\n',
      ["m.yaml:12:9: resources.trainer.properties.mounts: persistent and network mounts are mutually exclusive"],
    ],
    [
      "two network mounts",
      '        network: [{ volumeId: "${data.id}", path: /w }, { volumeId: "${data.id}", path: /v }]\n',
      ["m.yaml:12:18: resources.trainer.properties.mounts.network: Too big: expected array to have <=1 items"],
    ],
  ])("reports %s", async (_name, mounts, issues) => {
    expect((await validateManifest({ file: "m.yaml", text: manifest(mounts) })).issues.map(formatIssue)).toEqual(issues);
  });
});
